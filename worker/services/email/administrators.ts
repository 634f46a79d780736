import { and, eq } from "drizzle-orm";
import { users } from "#schema/tables.ts";
import type { Reader } from "#worker/db.ts";

/** Where mail for ValuSeal's administrators goes: every active administrator's address. */
export async function activeAdministratorEmails(db: Reader): Promise<string[]> {
  const administrators = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)));
  return administrators.map(({ email }) => email);
}
