import { eq, sql } from "drizzle-orm";
import { parseArgs } from "node:util";
import { z } from "zod";
import { sessions, users } from "../schema/tables";
import { emailField, newPasswordField } from "../schema/validation/common";
import { hashPassword } from "../worker/lib/passwords";
import { openScriptDatabase } from "./lib/database";

/**
 * Creates the first administrator, or makes an existing user an active admin with the given
 * password (idempotent). Works against the configured database, also while `npm run dev` runs.
 */
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
const parsed = await z.object({ email: emailField, password: newPasswordField }).safeParseAsync(values);
if (!parsed.success) {
  console.error(
    "Usage: npm run admin:create -- --email admin@example.com --password 'a long passphrase of 10 or more characters'",
  );
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const { email, password } = parsed.data;

const { db, description, close } = await openScriptDatabase();
try {
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ role: "admin", isActive: true, password: passwordHash })
        .where(eq(users.id, existing.id));
      // A reset password must not leave the old one's sessions alive.
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    });
    console.log(`${email} is now an active administrator (${description}).`);
  } else {
    await db
      .insert(users)
      .values({ email, password: passwordHash, role: "admin", firstName: "Platform", lastName: "Admin" });
    console.log(`Administrator ${email} created (${description}).`);
  }
} finally {
  await close();
}
