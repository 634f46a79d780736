import { inArray, sql } from "drizzle-orm";
import { loginFailures } from "#schema/tables.ts";
import type { Database } from "#worker/db.ts";
import { sha256Hex } from "#worker/lib/random.ts";

/**
 * Failed sign-ins back off per (email, network) pair, per network, and per email as a ceiling,
 * counted in the database. Only failures count. The email's ceiling holds only against a network
 * that has failed for that email twice or more: a correct password from a network with no
 * failures, or after its first typo, always signs in, so nobody can lock an owner or an
 * administrator out by failing on purpose from many networks (docs/decisions/012).
 *
 * The network is what `clientAddress` gives (docs/decisions/026): an IPv4 address, or a whole IPv6
 * /64, so the 2^64 addresses of one home or phone share one count instead of each getting 20 free
 * failures. There is no count per /48: its backoff could only be held against /64s that failed
 * themselves (or a neighbour could lock an owner out), which a fresh /64 has not; the /48's flood
 * budget (AUTH_IP_LIMITER_48) is what bounds how fast a site can bring fresh /64s.
 */
/** One email from one network: a person retrying their own password. */
const PAIR_FREE_FAILURES = 5;
const NETWORK_FREE_FAILURES = 20;
/** Every network's failures for one email: the ceiling on a guesser spread over many networks. */
const EMAIL_FREE_FAILURES = 20;
/** A network's failures for an email before the email's ceiling holds against it. */
const PAIR_FAILURES_BEFORE_CEILING = 2;
const MAX_BACKOFF_SECONDS = 15 * 60;
/** Failures older than this are forgotten; the count starts again. */
const FAILURE_MEMORY = sql`interval '1 hour'`;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
// Hashed: an email and an IPv6 network together may be longer than the key column.
const pairKey = async (email: string, network: string) =>
  `pair:${await sha256Hex(`${email.toLowerCase()}\n${network}`)}`;
// "address:" as the table has always called it (schema/tables.ts); the value is the network.
const networkKey = (network: string) => `address:${network}`;

/**
 * Seconds the attempt must wait (0 when it may check the password now), and whether the network
 * has failures of its own to clear if the password turns out right. `network` is the client's
 * network (`clientAddress`), never a single IPv6 address.
 */
export async function loginWaitSeconds(
  db: Database,
  email: string,
  network: string,
): Promise<{ wait: number; addressFailed: boolean }> {
  const pair = await pairKey(email, network);
  const rows = await db
    .select({
      key: loginFailures.key,
      failures: loginFailures.failures,
      wait: sql<number>`greatest(0, ceil(extract(epoch from ${loginFailures.blockedUntil} - now())))`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      sql`${inArray(loginFailures.key, [emailKey(email), networkKey(network), pair])} and ${loginFailures.lastFailedAt} > now() - ${FAILURE_MEMORY}`,
    );
  const byEmail = rows.find((row) => row.key === emailKey(email));
  const byNetwork = rows.find((row) => row.key === networkKey(network));
  const byPair = rows.find((row) => row.key === pair);
  // The email's ceiling applies only to a network that has failed for it more than once.
  const ceilingHolds = (byPair?.failures ?? 0) >= PAIR_FAILURES_BEFORE_CEILING;
  const wait = Math.max(byNetwork?.wait ?? 0, byPair?.wait ?? 0, ceilingHolds ? (byEmail?.wait ?? 0) : 0);
  return { wait, addressFailed: Boolean(byNetwork?.failures || byPair?.failures) };
}

/** Counts one failure against the pair, the network and the email, restarting counts older than the memory. */
export async function recordLoginFailure(db: Database, email: string, network: string) {
  const entries = [
    { key: await pairKey(email, network), free: PAIR_FREE_FAILURES },
    { key: emailKey(email), free: EMAIL_FREE_FAILURES },
    { key: networkKey(network), free: NETWORK_FREE_FAILURES },
  ];
  // The counts are independent rows: counted together, in one round trip's time.
  await Promise.all(
    entries.map(({ key, free }) => {
      const failures = sql`case when ${loginFailures.lastFailedAt} > now() - ${FAILURE_MEMORY} then ${loginFailures.failures} + 1 else 1 end`;
      return db
        .insert(loginFailures)
        .values({ key, failures: 1, lastFailedAt: sql`now()`, blockedUntil: null })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures,
            lastFailedAt: sql`now()`,
            blockedUntil: sql`now() + make_interval(secs => least(${MAX_BACKOFF_SECONDS}, case when (${failures}) > ${free} then power(2, (${failures}) - ${free} - 1) else 0 end))`,
          },
        });
    }),
  );
}

/**
 * A correct password clears the network's own failures and its pair with the email (the email's
 * count decays on its own, so a sign-in does not reset a spread-out guesser's ceiling).
 */
export async function clearAddressFailures(db: Database, email: string, network: string) {
  await db
    .delete(loginFailures)
    .where(inArray(loginFailures.key, [networkKey(network), await pairKey(email, network)]));
}
