import { z } from "zod";
import { secondFactorRequiredBy } from "./auth";
import { rowId, timestamp } from "./fields";

/** One signed-in session of the user, as Profile → Security lists it. */
const activeSessionAnswer = z.strictObject({
  id: z.string().meta({ description: "A public handle of the session (not the session's own id)" }),
  device: z.string(),
  place: z
    .string()
    .nullable()
    .meta({ description: "Coarse place the session last came from, when the network told us" }),
  createdAt: timestamp,
  lastUsedAt: timestamp,
  current: z.boolean().meta({ description: "The session this request came from" }),
  secondFactor: z.boolean().meta({ description: "Whether it proved a second factor" }),
});

/** A passkey of the user, as Profile → Security lists it. */
const passkeySummaryAnswer = z.strictObject({
  id: rowId,
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
});

/** GET /api/profile/security. */
export const securityOverviewAnswer = z.strictObject({
  twoStepEnabled: z.boolean().meta({ description: "An authenticator app or a passkey is set up" }),
  totpEnabled: z.boolean().meta({ description: "The authenticator app is set up" }),
  passkeys: z.array(passkeySummaryAnswer),
  recoveryCodesLeft: z.number().int().meta({ description: "Recovery codes not used yet" }),
  requiredBy: secondFactorRequiredBy.meta({ description: "Why this user must use two-step sign-in, if they must" }),
  sessions: z.array(activeSessionAnswer),
});
export type SecurityOverview = z.infer<typeof securityOverviewAnswer>;

/** POST /api/profile/security/totp: what the authenticator app needs, shown until confirmed. */
export const totpEnrolmentAnswer = z.strictObject({
  secret: z.string().meta({ description: "Base32, for typing into an app that cannot scan" }),
  otpauthUrl: z.string(),
  qrSvg: z.string().meta({ description: "The otpauth URL as an SVG QR code" }),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentAnswer>;

/** The recovery codes, shown once when made. */
export const recoveryCodesAnswer = z.strictObject({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesAnswer>;

/** POST /api/login when the account has two-step sign-in: no session yet, a challenge to answer. */
export const secondFactorChallengeAnswer = z.strictObject({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(["totp", "passkey"])).meta({
    description: "What the account can answer with: its authenticator app (or a recovery code), its passkeys",
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeAnswer>;

/** POST /api/profile/security/passkeys: the new passkey, and the recovery codes when it is the first second factor. */
export const passkeyRegisteredAnswer = z.strictObject({
  passkey: passkeySummaryAnswer,
  recoveryCodes: z.array(z.string()).nullable(),
});
