import { and, eq, isNull, sql } from "drizzle-orm";
import { companies, users } from "#schema/tables.ts";
import type { Register } from "#schema/validation/auth.ts";
import type { Database, Reader, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { CONFIRM_EMAIL_HOURS, PASSWORD_RESET_HOURS, type EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError, isUniqueViolation } from "#worker/lib/errors.ts";
import { grantTrialCredits } from "../billing/credits";
import { verifyPassword } from "#worker/lib/passwords.ts";
import type { RecordSigning } from "#worker/lib/signing.ts";
import { consumeEmailToken, emailChangeMessages, issueEmailToken } from "./email-tokens";
import { identityChanged } from "../companies/companies";
import { endOutstandingAccess, hasPasskey } from "./sessions";
import { endFootholds, markIdentityProven } from "./account-recovery";

const EMAIL_TAKEN = "An account with this email already exists";

export const INVALID_LINK = "This link is invalid, has expired or was already used. Ask for a new one.";

/**
 * Registration creates the owner, their company and the email confirmation link together, or
 * none of them. The email is unconfirmed until the link is followed.
 */
export async function registerAccount(
  db: TransactionalDatabase,
  input: Register,
  passwordHash: string,
): Promise<{ userId: number; email: EmailMessage }> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          password: passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          language: input.language,
        })
        .returning({ id: users.id });
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          location: input.location,
          ownerId: user!.id,
          kind: input.organisationKind,
          lenderType: input.organisationKind === "lender" ? input.lenderType : null,
        })
        .returning({ id: companies.id });
      await tx.update(users).set({ companyId: company!.id }).where(eq(users.id, user!.id));
      const token = await issueEmailToken(tx, {
        userId: user!.id,
        purpose: "confirm-email",
        email: input.email,
        validHours: CONFIRM_EMAIL_HOURS,
      });
      return {
        userId: user!.id,
        email: { kind: "confirm-email", to: input.email, token, ...(input.next ? { next: input.next } : {}) },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
    throw error;
  }
}

/**
 * Registration as the route answers it: the same for a free and a taken email, so nobody learns
 * from it who has an account. A free email gets its account and the confirmation link; a taken
 * one gets nothing created and an email telling its owner. Either way the answer is one email.
 */
export async function registerOrTellOwner(
  db: TransactionalDatabase,
  input: Register,
  passwordHash: string,
): Promise<EmailMessage> {
  try {
    return (await registerAccount(db, input, passwordHash)).email;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    // Told at the address as the account stores it, whatever case it was typed in this time.
    const account = await findAccountByEmail(db, input.email);
    return { kind: "account-exists", to: account?.email ?? input.email };
  }
}

/** The account an email signs in to, whatever the case it was typed in. */
export async function findAccountByEmail(db: Reader, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      password: users.password,
      isActive: users.isActive,
      totpEnabledAt: users.totpEnabledAt,
      hasPasskey: hasPasskey(),
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

/**
 * Replaces a password hash made at an earlier cost with one of the same password at today's, unless
 * the password changed meanwhile. Not an edit of the account: updatedAt stays as it was.
 */
export async function replacePasswordHash(db: Database, userId: number, earlier: string, replacement: string) {
  await db
    .update(users)
    .set({ password: replacement, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, userId), eq(users.password, earlier)));
}

async function storedPasswordHash(db: Database, userId: number): Promise<string | null> {
  const [user] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  return user?.password ?? null;
}

/** Whether the password is the user's current one: asked again before anything that changes who controls the account. */
export async function isCurrentPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const stored = await storedPasswordHash(db, userId);
  return Boolean(stored && (await verifyPassword(password, stored)));
}

/** The same check, refusing with the error of the form's `currentPassword` field. */
export async function assertCurrentPassword(db: Database, userId: number, password: string) {
  if (!(await isCurrentPassword(db, userId, password))) {
    throw new ApiError(400, "Validation failed", ["currentPassword: Current password is incorrect"]);
  }
}

/** The new password and the end of every other session and link take effect together or not at all. */
export async function replacePassword(
  db: TransactionalDatabase,
  userId: number,
  passwordHash: string,
  keepSessionId: string,
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await endOutstandingAccess(tx, userId, keepSessionId);
  });
}

/** A new confirmation link for a user whose email is not confirmed yet; null once it is. */
export async function newConfirmationLink(db: Database, userId: number, email: string): Promise<EmailMessage | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  if (!user) return null;
  const token = await issueEmailToken(db, {
    userId,
    purpose: "confirm-email",
    email,
    validHours: CONFIRM_EMAIL_HOURS,
  });
  return { kind: "confirm-email", to: email, token };
}

export type ConfirmedEmail =
  | { purpose: "confirm-email" | "change-user-email"; email: string }
  | { purpose: "change-company-email"; email: string };

/**
 * Follows a confirmation link: the registration address becomes confirmed, or a requested change
 * of the user's or the company's email takes effect. Claiming the link and the change commit
 * together; an address taken meanwhile by someone else is refused and the link stays used.
 */
export async function confirmEmail(
  db: TransactionalDatabase,
  signing: RecordSigning,
  token: string,
): Promise<ConfirmedEmail> {
  return db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, token, ["confirm-email", "change-user-email", "change-company-email"]);
    if (!link) throw new ApiError(400, INVALID_LINK);
    try {
      await applyConfirmedEmail(tx, signing, link);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
      throw error;
    }
    return { purpose: link.purpose, email: link.email } as ConfirmedEmail;
  });
}

async function applyConfirmedEmail(
  tx: Transaction,
  signing: RecordSigning,
  link: { userId: number; companyId: number | null; purpose: string; email: string },
) {
  if (link.purpose === "change-company-email") {
    // The company email is part of the identity ValuSeal verified: a new one goes back to review.
    await tx.update(companies).set({ email: link.email }).where(eq(companies.id, link.companyId!));
    await identityChanged(tx, signing, link.companyId!);
    return;
  }
  const [user] = await tx
    .update(users)
    .set({
      email: link.email,
      emailVerifiedAt: sql`now()`,
      // Confirming the registration address is the account's first proof beyond the password.
      ...(link.purpose === "confirm-email"
        ? { identityProvenAt: sql`coalesce(${users.identityProvenAt}, now())` }
        : {}),
    })
    // A confirmation is for the address it was sent to: if the user changed it since, it confirms nothing.
    .where(
      link.purpose === "confirm-email"
        ? and(eq(users.id, link.userId), eq(sql`lower(${users.email})`, link.email.toLowerCase()))
        : eq(users.id, link.userId),
    )
    .returning({ id: users.id });
  if (!user) throw new ApiError(400, INVALID_LINK);
  // "Start Free Trial": a valuation firm's owner confirming their registration address gives the
  // firm its trial credits, once (a second confirmation finds the trial's entry and adds nothing).
  if (link.purpose === "confirm-email") {
    const [firm] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.ownerId, link.userId), eq(companies.kind, "issuer")));
    if (firm) await grantTrialCredits(tx, firm.id);
  }
}

/**
 * A password-reset link for the account of this email, if there is an active one; null otherwise,
 * and the caller answers the same either way.
 */
export async function requestPasswordReset(db: Database, email: string): Promise<EmailMessage | null> {
  const account = await findAccountByEmail(db, email);
  if (!account || !account.isActive) return null;
  const token = await issueEmailToken(db, {
    userId: account.id,
    purpose: "password-reset",
    email: account.email,
    validHours: PASSWORD_RESET_HOURS,
  });
  return { kind: "password-reset", to: account.email, token };
}

/**
 * Sets the new password from a reset link and ends every foothold the old password could have
 * made since the user last proved it was them (endFootholds), in one transaction. Following the
 * emailed link proves the address: it counts as confirmed, and as the user's latest proof. The
 * answer is the email that lists what recovery ended, if anything was.
 */
export async function resetPassword(
  db: TransactionalDatabase,
  token: string,
  passwordHash: string,
): Promise<EmailMessage[]> {
  return db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, token, ["password-reset"]);
    if (!link) throw new ApiError(400, INVALID_LINK);
    const [account] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, link.userId))
      .for("update");
    if (!account) throw new ApiError(400, INVALID_LINK);
    await tx
      .update(users)
      .set({ password: passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, account.id));
    const ended = await endFootholds(tx, account, account, "account recovery");
    await markIdentityProven(tx, account.id);
    return ended ? [ended] : [];
  });
}

/** Whether an account (other than `exceptUserId`) signs in with this email. */
async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(user && user.id !== exceptUserId);
}

/**
 * A change of the user's sign-in email: nothing changes until the new address follows its link,
 * and the current address is told, so a stolen session cannot quietly take the account over.
 */
export async function requestUserEmailChange(
  db: Database,
  user: { id: number; email: string },
  newEmail: string,
): Promise<EmailMessage[]> {
  const token = await issueEmailToken(db, {
    userId: user.id,
    purpose: "change-user-email",
    email: newEmail,
    validHours: CONFIRM_EMAIL_HOURS,
  });
  const taken = await emailTaken(db, newEmail, user.id);
  return emailChangeMessages({ from: user.email, to: newEmail, token, scope: { kind: "account" }, taken });
}
