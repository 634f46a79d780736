import { bigint, index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { REGISTRATION_BODIES } from "../limits/companies";
import { users, companies } from "./organisations";

/*
 * What ValuSeal decides and records about firms: identity verifications, the audit log, the
 * landing figures, administrator alerts.
 */

/**
 * ValuSeal's decisions that a firm is who it says it is: the identity an administrator checked
 * (legal name, registration, company email) and from when. A code is "Verified Authentic" only when
 * its frozen issuer identity equals a verification in force when the code was issued. A row is
 * never rewritten except to close it once (`endedAt`: the firm changed its identity, or the
 * verification was withdrawn); a new decision is a new row.
 */
export const issuerVerifications = pgTable(
  "issuer_verifications",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    legalName: varchar({ length: LIMITS.companyName }).notNull(),
    registrationBody: varchar({ length: 64, enum: REGISTRATION_BODIES }),
    registrationBodyName: varchar({ length: LIMITS.registrationBodyName }),
    registrationNumber: varchar({ length: LIMITS.registrationNumber }),
    companyEmail: varchar({ length: LIMITS.email }).notNull(),
    verifiedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** When the administrator decided. */
    verifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The earliest issue time this verification vouches for: the decision itself, or earlier when
     * the administrator explicitly confirmed the codes the firm issued under this identity before.
     */
    coversCodesFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("issuer_verifications_company_idx").on(t.companyId, t.verifiedAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorEmail: varchar({ length: LIMITS.email }),
    action: varchar({ length: 100 }).notNull(),
    targetType: varchar({ length: 50 }).notNull(),
    targetId: integer(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    // A company's own events (the team's invitations per day, its membership history).
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
  ],
);

/**
 * The landing page's figures, counted from the platform at most once an hour and shown as counted,
 * never invented (decision 053; the month's scans are the month's day shards, decision 070). One row.
 */
export const platformFigures = pgTable("platform_figures", {
  id: smallint().primaryKey().default(1),
  /** Valuation firms ValuSeal has verified, active and not suspended. */
  verifiedFirms: integer().notNull(),
  codesIssued: bigint({ mode: "number" }).notNull(),
  /** Counted scans of real codes in the UTC month of `countedAt`. */
  scansThisMonth: bigint({ mode: "number" }).notNull(),
  countedAt: timestamp({ withTimezone: true }).notNull(),
  /** When a visit took on counting them again; cleared by the count, given up after five minutes. */
  recountClaimedAt: timestamp({ withTimezone: true }),
});

/**
 * When the administrators were last emailed that a subject's stored data disagrees with what
 * ValuSeal signed (a code's token, or "log"): once a day each, however often the record is asked
 * for, so a public download of a tampered code cannot flood their inboxes (docs/decisions/050).
 */
export const disagreementAlerts = pgTable("disagreement_alerts", {
  subject: varchar({ length: 64 }).primaryKey(),
  alertedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
