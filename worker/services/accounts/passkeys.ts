import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { base64url } from "jose";
import { passkeys, recoveryCodes, users, webauthnChallenges } from "#schema/tables.ts";
import type { Database, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { badRequest, isUniqueViolation } from "#worker/lib/errors.ts";
import { factorAdded, factorRemoved, hasRecoveryCodes, provenIfSettled, replaceRecoveryCodes } from "./second-factor";
import { hasPasskey } from "./sessions";

/**
 * Passkeys as a second factor (WebAuthn through @simplewebauthn/server). The relying party is the
 * host the app is served from: a passkey made on one host works only there, as the browser
 * enforces. Every challenge is stored and used up by the answer that signs it, so a captured
 * answer cannot be replayed; only the public key is kept.
 */
export interface RelyingParty {
  /** The host, e.g. "valuseal.co.ke". */
  id: string;
  /** The origin the browser reports, e.g. "https://valuseal.co.ke". */
  origin: string;
}

/**
 * The WebAuthn library (with its ASN.1 and COSE parsers) is loaded by the passkey routes only, so
 * scans and every other request start an isolate without evaluating it.
 */
const webauthn = () => import("@simplewebauthn/server");

const RP_NAME = "ValuSeal";
const CHALLENGE_MINUTES = 5;
const PASSKEY_ALREADY_REGISTERED = "This passkey is already registered. Use it, or add another one.";
export const PASSKEY_NOT_VERIFIED = "That passkey could not be verified. Try again, or use your authenticator app.";

const summaryColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export function listPasskeys(db: Database, userId: number) {
  return db.select(summaryColumns).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

async function credentialsOf(db: Database | Transaction, userId: number) {
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

async function storeChallenge(db: Database, userId: number, purpose: "register" | "sign-in", challenge: string) {
  // A user has at most a handful of live challenges: old ones go when a new one is made.
  await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.userId, userId), sql`${webauthnChallenges.expiresAt} < now()`));
  await db.insert(webauthnChallenges).values({
    userId,
    purpose,
    challenge,
    expiresAt: sql`now() + ${sql.raw(`interval '${CHALLENGE_MINUTES} minutes'`)}`,
  });
}

/** Uses up the challenge if it is the user's, for this purpose and still live; whether it was. */
async function consumeChallenge(tx: Transaction, userId: number, purpose: "register" | "sign-in", challenge: string) {
  const [used] = await tx
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.userId, userId),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return Boolean(used);
}

/** The challenge the browser signed, read from its client data (checked again by the library). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const challenge = (
      JSON.parse(new TextDecoder().decode(base64url.decode(clientDataJSON))) as { challenge?: unknown }
    ).challenge;
    return typeof challenge === "string" ? challenge : "";
  } catch {
    return "";
  }
}

export async function passkeyRegistrationOptions(
  db: Database,
  user: { id: number; email: string; firstName: string | null; lastName: string | null },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    userID: Uint8Array.from(new TextEncoder().encode(`valuseal-user-${user.id}`)),
    attestationType: "none",
    excludeCredentials: await credentialsOf(db, user.id),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await storeChallenge(db, user.id, "register", options.challenge);
  return options;
}

/**
 * Adds the passkey the browser made for the stored challenge (handed out only after the password,
 * and proof of a factor already in force). Registering proves nothing about this session (with
 * attestation "none" nothing is signed); the first factor signs out every other session; a user
 * with no recovery codes yet gets them now (shown once).
 */
export function registerPasskey(
  db: TransactionalDatabase,
  user: { id: number; email: string; sessionId: string; totpEnabledAt: Date | null; hasPasskey: boolean },
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
) {
  return db
    .transaction(async (tx) => {
      const challenge = signedChallenge(response.response.clientDataJSON);
      if (!(await consumeChallenge(tx, user.id, "register", challenge))) throw badRequest(PASSKEY_NOT_VERIFIED);
      const { verifyRegistrationResponse } = await webauthn();
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified || !verification.registrationInfo) throw badRequest(PASSKEY_NOT_VERIFIED);
      const { credential } = verification.registrationInfo;
      const [known] = await tx
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.credentialId, credential.id));
      if (known) throw badRequest(PASSKEY_ALREADY_REGISTERED);
      const [passkey] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: base64url.encode(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .returning(summaryColumns);
      await factorAdded(
        tx,
        { id: user.id, email: user.email, hadFactor: Boolean(user.totpEnabledAt) || user.hasPasskey },
        user.sessionId,
        `passkey “${name}”`,
      );
      const recoveryCodes = (await hasRecoveryCodes(tx, user.id)) ? null : await replaceRecoveryCodes(tx, user.id);
      return { passkey: passkey!, recoveryCodes };
    })
    .catch((error: unknown) => {
      // The same credential registered at the same moment by another request.
      if (isUniqueViolation(error)) throw badRequest(PASSKEY_ALREADY_REGISTERED);
      throw error;
    });
}

export async function passkeySignInOptions(
  db: Database,
  userId: number,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = await credentialsOf(db, userId);
  if (allowCredentials.length === 0) throw badRequest("This account has no passkey. Use your authenticator app.");
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    userVerification: "preferred",
  });
  await storeChallenge(db, userId, "sign-in", options.challenge);
  return options;
}

/** Whether the passkey's signature answers a live challenge of the user with one of their passkeys. */
export function verifyPasskey(
  db: TransactionalDatabase,
  userId: number,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const challenge = signedChallenge(response.response.clientDataJSON);
    if (!(await consumeChallenge(tx, userId, "sign-in", challenge))) return false;
    const [stored] = await tx
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, response.id)))
      .for("update");
    if (!stored) return false;
    const { verifyAuthenticationResponse } = await webauthn();
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(base64url.decode(stored.publicKey)),
        counter: stored.counter,
        transports: stored.transports as never,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) return false;
    await tx
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
      .where(eq(passkeys.id, stored.id));
    await tx
      .update(users)
      .set({
        secondFactorFailures: 0,
        secondFactorBlockedUntil: null,
        identityProvenAt: provenIfSettled(sql`${stored.createdAt.toISOString()}::timestamptz`),
      })
      .where(eq(users.id, userId));
    return true;
  });
}

/**
 * Removes one of the user's passkeys (the route has checked the password and a current factor);
 * with no factor left the recovery codes go too. The passkey's name, or null when it is not theirs.
 */
export function removePasskey(
  db: TransactionalDatabase,
  user: { id: number; email: string },
  passkeyId: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!removed) return null;
    const [left] = await tx
      .select({ app: users.totpEnabledAt, passkey: hasPasskey() })
      .from(users)
      .where(eq(users.id, user.id));
    if (!left?.app && !left?.passkey) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await factorRemoved(tx, user, `passkey “${removed.name}”`);
    return removed.name;
  });
}
