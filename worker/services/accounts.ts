import { eq, sql } from "drizzle-orm";
import { companies, users } from "../../schema/tables";
import type { Register } from "../../schema/validation/auth";
import type { Database } from "../db";
import { ApiError, isUniqueViolation } from "../lib/errors";
import { endSessions } from "./sessions";

export const EMAIL_TAKEN = "An account with this email already exists";

/** Registration creates the owner and their company together, or neither. */
export async function registerAccount(db: Database, input: Register, passwordHash: string): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, password: passwordHash, firstName: input.firstName, lastName: input.lastName })
        .returning({ id: users.id });
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          location: input.location,
          ownerId: user!.id,
        })
        .returning({ id: companies.id });
      await tx.update(users).set({ companyId: company!.id }).where(eq(users.id, user!.id));
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** The account an email signs in to, whatever the case it was typed in. */
export async function findAccountByEmail(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, password: users.password, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function storedPasswordHash(db: Database, userId: number): Promise<string | null> {
  const [user] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  return user?.password ?? null;
}

/** The new password and the end of every other session take effect together or not at all. */
export async function replacePassword(db: Database, userId: number, passwordHash: string, keepSessionId: string) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await endSessions(tx, [userId], { except: keepSessionId });
  });
}
