import { inArray, sql } from "drizzle-orm";
import { loginFailures } from "../../schema/tables";
import type { Database } from "../db";

/**
 * Failed sign-ins back off per email and per client address, counted in the database. Only
 * failures count, and an email's backoff only holds against addresses that have failed too: a
 * correct password from an address with no failures always signs in, so nobody can lock an owner
 * or an administrator out by failing on purpose (docs/decisions/012).
 */
const EMAIL_FREE_FAILURES = 5;
const ADDRESS_FREE_FAILURES = 20;
const MAX_BACKOFF_SECONDS = 15 * 60;
/** Failures older than this are forgotten; the count starts again. */
const FAILURE_MEMORY = sql`interval '1 hour'`;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Seconds the attempt must wait (0 when it may check the password now), and whether the address
 * has failures of its own to clear if the password turns out right.
 */
export async function loginWaitSeconds(
  db: Database,
  email: string,
  address: string,
): Promise<{ wait: number; addressFailed: boolean }> {
  const rows = await db
    .select({
      key: loginFailures.key,
      failures: loginFailures.failures,
      wait: sql<number>`greatest(0, ceil(extract(epoch from ${loginFailures.blockedUntil} - now())))`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      sql`${inArray(loginFailures.key, [emailKey(email), addressKey(address)])} and ${loginFailures.lastFailedAt} > now() - ${FAILURE_MEMORY}`,
    );
  const byEmail = rows.find((row) => row.key === emailKey(email));
  const byAddress = rows.find((row) => row.key === addressKey(address));
  const addressWait = byAddress?.wait ?? 0;
  // The email's backoff applies only to an address that has failed itself.
  const addressFailed = Boolean(byAddress && byAddress.failures > 0);
  const emailWait = addressFailed ? (byEmail?.wait ?? 0) : 0;
  return { wait: Math.max(addressWait, emailWait), addressFailed };
}

/** Counts one failure against the email and the address, restarting counts older than the memory. */
export async function recordLoginFailure(db: Database, email: string, address: string) {
  const entries = [
    { key: emailKey(email), free: EMAIL_FREE_FAILURES },
    { key: addressKey(address), free: ADDRESS_FREE_FAILURES },
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

/** A correct password clears the address's own failures (the email's decay on their own). */
export async function clearAddressFailures(db: Database, address: string) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [addressKey(address)]));
}
