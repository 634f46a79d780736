import { and, eq } from "drizzle-orm";
import { users } from "../../schema/tables";
import type { Database } from "../db";
import type { Bindings } from "../env";
import type { RecordDisagreement } from "../lib/signing";
import { queueEmailsNow } from "./email";

/**
 * Tells every active administrator, by email, that stored data disagrees with what ValuSeal
 * signed (docs/decisions/050), and writes it to the Worker's log for whoever reads that first.
 */
export async function alertAdministrators(env: Bindings, db: Database, disagreement: RecordDisagreement) {
  console.error("stored data disagrees with its signed record", JSON.stringify(disagreement));
  const administrators = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)));
  await queueEmailsNow(
    env,
    administrators.map(({ email }) => ({ kind: "record-disagrees" as const, to: email, ...disagreement })),
  );
}
