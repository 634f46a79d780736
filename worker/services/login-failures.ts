import { inArray, sql } from "drizzle-orm";
import { loginFailures } from "../../schema/tables";
import type { Database } from "../db";

/**
 * Failed sign-ins back off per email and per client network, counted in the database. Only
 * failures count, and an email's backoff only holds against networks that have failed too: a
 * correct password from a network with no failures always signs in, so nobody can lock an owner
 * or an administrator out by failing on purpose (docs/decisions/012).
 *
 * The network is what `clientAddress` gives (docs/decisions/026): an IPv4 address, or a whole IPv6
 * /64, so the 2^64 addresses of one home or phone share one count instead of each getting 20 free
 * failures. There is no count per /48: its backoff could only be held against /64s that failed
 * themselves (or a neighbour could lock an owner out), which a fresh /64 has not; the /48's flood
 * budget (AUTH_IP_LIMITER_48) is what bounds how fast a site can bring fresh /64s.
 */
const EMAIL_FREE_FAILURES = 5;
const NETWORK_FREE_FAILURES = 20;
const MAX_BACKOFF_SECONDS = 15 * 60;
/** Failures older than this are forgotten; the count starts again. */
const FAILURE_MEMORY = sql`interval '1 hour'`;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
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
  const rows = await db
    .select({
      key: loginFailures.key,
      failures: loginFailures.failures,
      wait: sql<number>`greatest(0, ceil(extract(epoch from ${loginFailures.blockedUntil} - now())))`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      sql`${inArray(loginFailures.key, [emailKey(email), networkKey(network)])} and ${loginFailures.lastFailedAt} > now() - ${FAILURE_MEMORY}`,
    );
  const byEmail = rows.find((row) => row.key === emailKey(email));
  const byNetwork = rows.find((row) => row.key === networkKey(network));
  const networkWait = byNetwork?.wait ?? 0;
  // The email's backoff applies only to a network that has failed itself.
  const addressFailed = Boolean(byNetwork && byNetwork.failures > 0);
  const emailWait = addressFailed ? (byEmail?.wait ?? 0) : 0;
  return { wait: Math.max(networkWait, emailWait), addressFailed };
}

/** Counts one failure against the email and the network, restarting counts older than the memory. */
export async function recordLoginFailure(db: Database, email: string, network: string) {
  const entries = [
    { key: emailKey(email), free: EMAIL_FREE_FAILURES },
    { key: networkKey(network), free: NETWORK_FREE_FAILURES },
  ];
  // The two counts are independent rows: counted together, in one round trip's time.
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

/** A correct password clears the network's own failures (the email's decay on their own). */
export async function clearAddressFailures(db: Database, network: string) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [networkKey(network)]));
}
