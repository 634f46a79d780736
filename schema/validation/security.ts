import { z } from "zod";
import { currentPasswordField } from "./common";

/**
 * A second-factor code as typed: six digits from the authenticator app, or one of the recovery
 * codes (letters and digits in groups; spaces and dashes are ignored).
 */
const secondFactorCodeField = z
  .string({ error: "Enter the code from your authenticator app or a recovery code" })
  .trim()
  .min(1, "Enter the code from your authenticator app or a recovery code")
  .max(32, "That is not a code from your authenticator app or a recovery code");

export const secondFactorCodeSchema = z.object({ code: secondFactorCodeField });
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** The challenge the password step answered with (a short-lived signed token). */
const challengeField = z.string({ error: "Sign in again" }).min(1, "Sign in again").max(2048);

/** POST /api/login/second-factor: the challenge of the password step, and the code. */
export const secondFactorSignInSchema = z.object({
  challenge: challengeField,
  code: secondFactorCodeField,
});
export type SecondFactorSignInInput = z.input<typeof secondFactorSignInSchema>;

/**
 * Adding a second factor asks for the password and, when one is already in force, proof of it in
 * the same step: a code from the app or a recovery code (or a passkey confirmed moments before,
 * through POST /api/profile/security/confirm). Decision 049.
 */
export const enrolFactorSchema = z.object({
  currentPassword: currentPasswordField,
  // An empty field is no code: the first factor needs none, and a passkey may stand in for it.
  code: secondFactorCodeField.optional().or(z.literal("")),
});
export type EnrolFactorInput = z.input<typeof enrolFactorSchema>;

/** Removing a passkey asks for what turning the app off asks: the password and a current factor. */
export const removeFactorSchema = enrolFactorSchema;
export type RemoveFactorInput = z.input<typeof removeFactorSchema>;

/** Turning two-step sign-in off asks for the password and a current code. */
export const disableSecondFactorSchema = z.object({
  currentPassword: currentPasswordField,
  code: secondFactorCodeField,
});
export type DisableSecondFactorInput = z.input<typeof disableSecondFactorSchema>;

/** PUT /api/companies/current/security: the owner's rule for the whole team. */
export const teamSecuritySchema = z.object({
  requireSecondFactor: z.boolean({ error: "Choose whether the team must use two-step sign-in" }),
});
export type TeamSecurityInput = z.input<typeof teamSecuritySchema>;

/**
 * What the browser's WebAuthn call hands back (RegistrationResponseJSON / AuthenticationResponseJSON
 * of @simplewebauthn/browser), bounded in size: the server's WebAuthn library checks every byte of
 * it against the challenge, the origin and the key.
 */
const base64url = (max: number) =>
  z
    .string({ error: "The passkey's answer is incomplete" })
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "Not base64url");
const webauthnResponse = <Inner extends z.ZodRawShape>(inner: Inner) =>
  z.object({
    id: base64url(1024),
    rawId: base64url(1024),
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: base64url(8192), ...inner }),
    clientExtensionResults: z.looseObject({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  });

const passkeyNameField = z
  .string({ error: "Name the passkey" })
  .trim()
  .min(1, "Name the passkey")
  .max(100, "Must be at most 100 characters");

/**
 * The Security screen's form for a new passkey: its name, the password that lets the browser make
 * it, and a current code when two-step sign-in is already on.
 */
export const addPasskeySchema = enrolFactorSchema.extend({ name: passkeyNameField });
export type AddPasskeyInput = z.input<typeof addPasskeySchema>;

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameField,
  response: webauthnResponse({ attestationObject: base64url(65_536) }),
});

/** POST /api/login/second-factor/passkey: the challenge of the password step and the passkey's signature. */
export const passkeySignInSchema = z.object({
  challenge: challengeField,
  response: webauthnResponse({
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
});

/** POST /api/profile/security/confirm/passkey: a passkey's signature over a challenge of this session's user. */
export const passkeyConfirmSchema = passkeySignInSchema.omit({ challenge: true });

/** Asking for the options of a passkey sign-in: the challenge of the password step. */
export const secondFactorChallengeSchema = z.object({ challenge: challengeField });
