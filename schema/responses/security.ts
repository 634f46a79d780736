/** One signed-in session of the user, as Profile → Security lists it. */
export interface ActiveSession {
  /** A public handle of the session (not the session's own id). */
  id: string;
  device: string;
  /** Coarse place the session last came from, when the network told us. */
  place: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  /** The session this request came from. */
  current: boolean;
  /** Whether it proved a second factor. */
  secondFactor: boolean;
}

/** A passkey of the user, as Profile → Security lists it. */
export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** GET /api/profile/security. */
export interface SecurityOverview {
  /** An authenticator app or a passkey is set up. */
  twoStepEnabled: boolean;
  /** The authenticator app is set up. */
  totpEnabled: boolean;
  passkeys: PasskeySummary[];
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
  /** Why this user must use two-step sign-in, if they must. */
  requiredBy: "administrator" | "company" | null;
  sessions: ActiveSession[];
}

/** POST /api/profile/security/totp: what the authenticator app needs, shown until confirmed. */
export interface TotpEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code. */
  qrSvg: string;
}

/** The recovery codes, shown once when made. */
export interface RecoveryCodes {
  codes: string[];
}

/** POST /api/login when the account has two-step sign-in: no session yet, a challenge to answer. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  challenge: string;
  /** What the account can answer with: its authenticator app (or a recovery code), its passkeys. */
  methods: ("totp" | "passkey")[];
}

/** POST /api/profile/security/passkeys: the new passkey, and the recovery codes when it is the first second factor. */
export interface PasskeyRegistered {
  passkey: PasskeySummary;
  recoveryCodes: string[] | null;
}
