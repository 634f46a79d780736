import { sql } from "drizzle-orm";
import { disagreementAlerts } from "#schema/tables.ts";
import type { Database } from "#worker/db.ts";
import type { Bindings } from "#worker/bindings.ts";
import type { RecordDisagreement } from "#worker/lib/signing.ts";
import { activeAdministratorEmails } from "../email/administrators";
import { queueEmailsNow } from "../email/email";

/**
 * Tells every active administrator, by email, that stored data disagrees with what ValuSeal
 * signed (docs/decisions/050), at most once a day per subject: the record of a tampered code is
 * asked for by anyone who downloads it, and each ask finds the same disagreement. Every ask is
 * written to the Worker's log. Returns how many administrators were emailed (none when they were
 * told of this subject within the day).
 */
export async function alertAdministrators(
  env: Bindings,
  db: Database,
  disagreement: RecordDisagreement,
): Promise<number> {
  console.error("stored data disagrees with its signed record", JSON.stringify(disagreement));
  const claimed = await db
    .insert(disagreementAlerts)
    .values({ subject: disagreement.subject })
    .onConflictDoUpdate({
      target: disagreementAlerts.subject,
      set: { alertedAt: sql`now()` },
      setWhere: sql`${disagreementAlerts.alertedAt} < now() - interval '1 day'`,
    })
    .returning({ subject: disagreementAlerts.subject });
  if (claimed.length === 0) return 0;
  const administrators = await activeAdministratorEmails(db);
  await queueEmailsNow(
    env,
    administrators.map((email) => ({ kind: "record-disagrees" as const, to: email, ...disagreement })),
  );
  return administrators.length;
}
