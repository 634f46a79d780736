import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { base64url } from "jose";
import { passkeys, sessions, users, webauthnChallenges } from "../../schema/tables";
import type { Database, Transaction, TransactionalDatabase } from "../db";
import { badRequest } from "../lib/errors";
import { hasRecoveryCodes, replaceRecoveryCodes } from "./second-factor";

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
 * Adds the passkey the browser made for the stored challenge. It counts as this session proving a
 * second factor; a user with no recovery codes yet gets them now (shown once).
 */
export function registerPasskey(
  db: TransactionalDatabase,
  user: { id: number; sessionId: string },
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
) {
  return db.transaction(async (tx) => {
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
    await tx
      .update(sessions)
      .set({ secondFactorAt: sql`now()` })
      .where(eq(sessions.sid, user.sessionId));
    const recoveryCodes = (await hasRecoveryCodes(tx, user.id)) ? null : await replaceRecoveryCodes(tx, user.id);
    return { passkey: passkey!, recoveryCodes };
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
    await tx.update(users).set({ secondFactorFailures: 0, secondFactorBlockedUntil: null }).where(eq(users.id, userId));
    return true;
  });
}

export async function removePasskey(db: Database, userId: number, passkeyId: number): Promise<boolean> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return Boolean(removed);
}
