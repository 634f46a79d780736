import { sql } from "drizzle-orm";
import type { Queryable } from "#worker/db.ts";

/*
 * What signing in leaves behind, deleted once it can no longer be used (docs/privacy.md): sessions
 * past their end, email links used or past their end a day ago, passkey challenges past their end,
 * and failed sign-ins a day after the last one (their backoff forgets them after an hour anyway).
 * The keys of failures name an email or a network in clear, so they must not stay for ever.
 */
export async function deleteExpiredSignInData(db: Queryable) {
  await db.execute(sql`DELETE FROM sessions WHERE expire < now()`);
  await db.execute(sql`DELETE FROM email_tokens
    WHERE (used_at IS NOT NULL AND used_at < now() - interval '1 day') OR expires_at < now() - interval '1 day'`);
  await db.execute(sql`DELETE FROM webauthn_challenges WHERE expires_at < now()`);
  await db.execute(sql`DELETE FROM login_failures
    WHERE last_failed_at < now() - interval '1 day' AND (blocked_until IS NULL OR blocked_until < now())`);
}
