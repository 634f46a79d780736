import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { EMAIL_TOKEN_PURPOSES } from "../limits/accounts";
import { users, companies } from "./organisations";

/*
 * Signing in and staying safe: sessions, second factors, invitations, emailed links, failed sign-
 * ins.
 */

/** One row per signed-in session; the JWT's jti is the sid, so deleting the row ends access at once. */
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar({ length: 64 }).primaryKey(),
    sess: jsonb().notNull(),
    /** The absolute end of the session, whatever its use. */
    expire: timestamp({ withTimezone: true }).notNull(),
    /**
     * The last request made with it, renewed at most once a minute: a session unused for longer than
     * its idle limit (worker/services/accounts/sessions.ts) is over.
     */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the session proved a second factor (at sign-in, or by enrolling one); null for a password alone. */
    secondFactorAt: timestamp({ withTimezone: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

/** One-time codes that stand in for the authenticator app; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar({ length: 64 }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_hash_unique").on(t.codeHash), index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * Passkeys (WebAuthn credentials) that stand as a user's second factor. Only the public key is
 * kept; `counter` is the authenticator's signature counter, which must grow when it grows at all.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: varchar({ length: 1024 }).notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** The name the user gave it ("Work laptop"). */
    name: varchar({ length: 100 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_unique").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * One-time WebAuthn challenges, used up by the answer that signs them: an answer captured on the
 * way cannot be replayed.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challenge: varchar({ length: 128 }).notNull(),
    purpose: varchar({ length: 16, enum: ["register", "sign-in"] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("webauthn_challenges_challenge_unique").on(t.challenge)],
);

export const invites = pgTable(
  "invites",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: varchar({ length: LIMITS.email }).notNull(),
    /** SHA-256 of the one-time token; the token itself is only ever in the link. */
    tokenHash: varchar({ length: 64 }).notNull(),
    invitedById: integer().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invites_token_hash_unique").on(t.tokenHash), index("invites_company_idx").on(t.companyId)],
);

/**
 * One-time emailed links (email confirmation, email change, password reset). Only the SHA-256 of
 * the token is stored; a link works once (usedAt) and until expiresAt.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** For a company email change: the company whose email changes. */
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    purpose: varchar({ length: 32, enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The address the link was sent to, and for a change the address that takes effect. */
    email: varchar({ length: LIMITS.email }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_tokens_token_hash_unique").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId)],
);

/**
 * Failed sign-ins, counted per email ("email:<lowercased>") and per client network
 * ("address:<IPv4 address or IPv6 /64>", docs/decisions/026); only failures count, so a correct password is never refused because of
 * someone else's mistakes (see docs/decisions/012).
 */
export const loginFailures = pgTable("login_failures", {
  key: varchar({ length: 320 }).primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp({ withTimezone: true }),
});
