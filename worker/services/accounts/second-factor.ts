import { and, eq, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { RecoveryCodes, TotpEnrolment } from "#schema/responses/index.ts";
import { passkeys, recoveryCodes, sessions, users } from "#schema/tables.ts";
import type { Database, Queryable, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, badRequest } from "#worker/lib/errors.ts";
import { renderQrSvg } from "#worker/lib/qr.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";
import { decryptSecret, encryptSecret } from "#worker/lib/secrets-at-rest.ts";
import { factorSettled } from "./account-recovery";
import { recordAudit } from "../companies/audit";
import { endSessions, hasPasskey } from "./sessions";

/**
 * Two-step sign-in: a TOTP authenticator app (RFC 6238: six digits, 30-second steps, one step of
 * clock drift either way) and ten one-time recovery codes for a lost phone. An accepted code's
 * step is remembered, so a code seen over a shoulder cannot be replayed within its 30 seconds;
 * five wrong codes in a row stop every check for 15 minutes.
 */
const ISSUER = "ValuSeal";
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
const MAX_WRONG_CODES = 5;
const BLOCK_MINUTES = 15;

export const WRONG_CODE =
  "That code is not right. Use the newest code from your authenticator app, or a recovery code.";
const ALREADY_ON = "Two-step sign-in is already on. Turn it off first to move it to another app.";
const NOT_STARTED = "Start setting up two-step sign-in again: the code was checked against nothing.";

const secretOwner = (userId: number) => `totp-secret:user:${userId}`;

function totpFor(secretBase32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a six-digit code belongs to, or null when it matches none within the drift. */
function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, "check").validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten codes like "K7QM-2XPD-9RTF": about 60 bits each, typed rarely, read from paper. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    randomToken(12)
      .toUpperCase()
      .replace(/(.{4})(?!$)/g, "$1-"),
  );
}

const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");

export async function replaceRecoveryCodes(tx: Transaction, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(
      await Promise.all(
        codes.map(async (code) => ({ userId, codeHash: await sha256Hex(normalizeRecoveryCode(code)) })),
      ),
    );
  return codes;
}

/**
 * Starts enrolment: a new secret, stored encrypted and not yet in force, and what the app needs to
 * add it. Starting again replaces a secret that was never confirmed.
 */
export async function startTotpEnrolment(
  db: Database,
  key: string,
  user: { id: number; email: string },
): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const [started] = await db
    .update(users)
    .set({ totpSecret: await encryptSecret(key, secretOwner(user.id), secret) })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!started) throw new ApiError(409, ALREADY_ON);
  const otpauthUrl = totpFor(secret, user.email).toString();
  return { secret, otpauthUrl, qrSvg: renderQrSvg(otpauthUrl).svg };
}

/**
 * Confirms enrolment with a code from the app: two-step sign-in is on from now, this session
 * counts as having proved it, and the recovery codes (shown once) replace any earlier ones.
 */
export function confirmTotpEnrolment(
  db: TransactionalDatabase,
  key: string,
  userId: number,
  sessionId: string,
  code: string,
): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        secret: users.totpSecret,
        enabledAt: users.totpEnabledAt,
        account: { id: users.id, email: users.email, hadFactor: hasPasskey() },
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (user?.enabledAt) throw new ApiError(409, ALREADY_ON);
    if (!user?.secret) throw badRequest(NOT_STARTED);
    const step = matchingStep(await decryptSecret(key, secretOwner(userId), user.secret), code);
    if (step === null) throw badRequest("Validation failed", [`code: ${WRONG_CODE}`]);
    await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step, secondFactorFailures: 0, secondFactorBlockedUntil: null })
      .where(eq(users.id, userId));
    // The code just checked is one of the factor now in force: this session proved it, as a
    // sign-in with it would (decision 049). A passkey's registration proves nothing of the kind.
    await markSessionProven(tx, sessionId);
    await factorAdded(tx, user.account, sessionId, "authenticator app");
    return { codes: await replaceRecoveryCodes(tx, userId) };
  });
}

/** This session proved a second factor just now. */
export async function markSessionProven(db: Pick<Queryable, "update">, sessionId: string) {
  await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(eq(sessions.sid, sessionId));
}

/** How long a session's proof of a second factor lets it change the user's factors without another. */
const FACTOR_PROOF_MINUTES = 5;
export const FACTOR_PROOF_NEEDED =
  "Confirm it is you first: enter a code from your authenticator app or a recovery code, or use your passkey.";

/**
 * Before adding or removing a second factor: while one is in force, the user proves it in the same
 * step (a code given now) or proved it in this session within FACTOR_PROOF_MINUTES (a passkey
 * confirmed just before). Adding the first factor asks for nothing beyond the password. A code
 * given here counts as this session's proof.
 */
export async function requireFactorProof(
  db: TransactionalDatabase,
  key: string,
  user: { id: number; sessionId: string; totpEnabledAt: Date | null; hasPasskey: boolean },
  code: string | undefined,
) {
  if (!user.totpEnabledAt && !user.hasPasskey) return;
  if (code) {
    const check = await checkSecondFactor(db, key, user.id, code);
    if (!check.ok) throw check.error;
    await markSessionProven(db, user.sessionId);
    return;
  }
  const [recent] = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(
      and(
        eq(sessions.sid, user.sessionId),
        sql`${sessions.secondFactorAt} > now() - ${sql.raw(`interval '${FACTOR_PROOF_MINUTES} minutes'`)}`,
      ),
    );
  if (!recent) throw new ApiError(403, FACTOR_PROOF_NEEDED, [`code: ${FACTOR_PROOF_NEEDED}`]);
}

/**
 * A factor added: the first one turns two-step sign-in on, which signs out every other session
 * (one opened with the password alone must not outlive it); audited either way.
 */
export async function factorAdded(
  tx: Transaction,
  account: { id: number; email: string; hadFactor: boolean },
  sessionId: string,
  factor: string,
) {
  if (!account.hadFactor) await endSessions(tx, [account.id], { except: sessionId });
  await recordAudit(tx, account, [
    { action: "user.second_factor_added", targetType: "user", targetId: account.id, details: { factor } },
  ]);
}

/** A factor removed by its user, audited. */
export async function factorRemoved(tx: Transaction, account: { id: number; email: string }, factor: string) {
  await recordAudit(tx, account, [
    {
      action: "user.second_factor_removed",
      targetType: "user",
      targetId: account.id,
      details: { factor, reason: "removed by the user" },
    },
  ]);
}

/**
 * A passed second factor proves the user (the moment recovery keeps what exists at) only once the
 * factor has been in force for a week: one enrolled with a stolen password proves nothing.
 */
export const provenIfSettled = (enrolledAt: Parameters<typeof factorSettled>[0]) =>
  sql`case when ${factorSettled(enrolledAt)} then now() else ${users.identityProvenAt} end`;

type SecondFactorCheck = { ok: true; usedRecoveryCode: boolean } | { ok: false; error: ApiError };

/**
 * Checks a code from the app or a recovery code for the user. A wrong code is counted (and the
 * count commits even though the caller then refuses the request), so the caller throws the
 * returned error only after this transaction ends.
 */
export function checkSecondFactor(
  db: TransactionalDatabase,
  key: string,
  userId: number,
  code: string,
): Promise<SecondFactorCheck> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        secret: users.totpSecret,
        enabledAt: users.totpEnabledAt,
        lastStep: users.totpLastStep,
        failures: users.secondFactorFailures,
        blockedSeconds:
          sql<number>`greatest(0, ceil(extract(epoch from ${users.secondFactorBlockedUntil} - now())))`.mapWith(Number),
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return { ok: false, error: badRequest("Two-step sign-in is not on") };
    if (user.blockedSeconds > 0) {
      const minutes = Math.ceil(user.blockedSeconds / 60);
      return {
        ok: false,
        error: new ApiError(
          429,
          `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          undefined,
          { "Retry-After": String(user.blockedSeconds) },
        ),
      };
    }
    const step =
      user.enabledAt && user.secret
        ? matchingStep(await decryptSecret(key, secretOwner(userId), user.secret), code.replace(/\s/g, ""))
        : null;
    if (step !== null && step > (user.lastStep ?? -1)) {
      await tx
        .update(users)
        .set({
          totpLastStep: step,
          secondFactorFailures: 0,
          secondFactorBlockedUntil: null,
          identityProvenAt: provenIfSettled(users.totpEnabledAt),
        })
        .where(eq(users.id, userId));
      return { ok: true, usedRecoveryCode: false };
    }
    const [recovered] = await tx
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, await sha256Hex(normalizeRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id, createdAt: recoveryCodes.createdAt });
    if (recovered) {
      await tx
        .update(users)
        .set({
          secondFactorFailures: 0,
          secondFactorBlockedUntil: null,
          identityProvenAt: provenIfSettled(sql`${recovered.createdAt.toISOString()}::timestamptz`),
        })
        .where(eq(users.id, userId));
      return { ok: true, usedRecoveryCode: true };
    }
    const failures = user.failures + 1;
    const blocked = failures >= MAX_WRONG_CODES;
    await tx
      .update(users)
      .set({
        secondFactorFailures: blocked ? 0 : failures,
        secondFactorBlockedUntil: blocked ? sql`now() + ${sql.raw(`interval '${BLOCK_MINUTES} minutes'`)}` : null,
      })
      .where(eq(users.id, userId));
    return { ok: false, error: badRequest("Validation failed", [`code: ${WRONG_CODE}`]) };
  });
}

/** Whether the user has recovery codes (used or not) from an earlier setup. */
export async function hasRecoveryCodes(tx: Transaction, userId: number): Promise<boolean> {
  return (await tx.$count(recoveryCodes, eq(recoveryCodes.userId, userId))) > 0;
}

/** New recovery codes (the old ones stop working), shown once. */
export function regenerateRecoveryCodes(db: TransactionalDatabase, userId: number): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => ({ codes: await replaceRecoveryCodes(tx, userId) }));
}

/** Removes the authenticator app; the recovery codes go too unless a passkey still needs them. */
export function disableTotp(db: TransactionalDatabase, user: { id: number; email: string }) {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    if ((await tx.$count(passkeys, eq(passkeys.userId, user.id))) === 0) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    }
    await factorRemoved(tx, user, "authenticator app");
  });
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  return db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}
