import { sql } from "drizzle-orm";
import type { CodeStatusName, IssuerTrust } from "#schema/limits/codes.ts";

/** A timestamp column as ISO 8601 UTC text with milliseconds, as the answers and records carry times. */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A code's one status (CODE_STATUSES, in order of precedence) as SQL, so every list, filter and
 * certificate computes it the same way and at the same moment as the row is read:
 * - "superseded": revoked with the code that replaces it named;
 * - "revoked": revoked without one;
 * - "expired": standing, but validUntil has come in the company's own time zone (a valuation
 *   "valid until 15 April" expires on 15 April, as lenders count a three-month validity);
 * - "valid": everything else.
 * `code` is the qr_codes row's alias; `timeZone` an SQL expression for the company's zone.
 */
export const codeStatusExpression = (code: string, timeZone: string) => `CASE
  WHEN ${code}.revoked_at IS NOT NULL AND ${code}.superseded_by_id IS NOT NULL THEN 'superseded'
  WHEN ${code}.revoked_at IS NOT NULL THEN 'revoked'
  WHEN (${code}.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE ${timeZone})::date THEN 'expired'
  ELSE 'valid' END`;

/** The status of a qr_codes row read without its company joined (lists, the detail page). */
export const codeStatusColumn = () =>
  sql<CodeStatusName>`${sql.raw(
    codeStatusExpression("qr_codes", `(SELECT time_zone FROM companies WHERE companies.id = qr_codes.company_id)`),
  )}`;

/**
 * The code's frozen issuer identity equals the verification `v`: the legal name, the registration
 * (body, its name for "Other", number) and the company email, as ValuSeal checked them.
 */
const sameIdentity = (code: string, v: string) => `${v}.company_id = ${code}.company_id
    AND ${v}.legal_name = ${code}.issuer_name
    AND lower(${v}.company_email) = lower(${code}.issuer_email)
    AND ${v}.registration_body IS NOT DISTINCT FROM ${code}.issuer_registration_body
    AND ${v}.registration_body_name IS NOT DISTINCT FROM ${code}.issuer_registration_body_name
    AND ${v}.registration_number IS NOT DISTINCT FROM ${code}.issuer_registration_number`;

/** A verification of that identity in force when the code was issued. */
const verifiedAtIssue = (code: string, v: string) =>
  `${sameIdentity(code, v)} AND ${v}.covers_codes_from <= ${code}.created_at
    AND (${v}.ended_at IS NULL OR ${code}.created_at < ${v}.ended_at)`;

/**
 * ValuSeal's trust in a code's issuer (ISSUER_TRUST, in order of precedence) as SQL, computed from
 * the code's frozen issuer identity and the firm's verifications (issuer_verifications), never from
 * the firm's current name or state, so renaming, re-verifying under another name or editing the
 * firm can never turn an issued certificate green. `code` is the qr_codes alias, `suspendedAt` an SQL
 * expression for when ValuSeal suspended the firm.
 */
export const issuerTrustExpression = (code: string, suspendedAt: string) => `CASE
  WHEN ${suspendedAt} IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE ${verifiedAtIssue(code, "v")}) THEN 'verified'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE ${sameIdentity(code, "v")}
    AND ${code}.created_at < v.covers_codes_from) THEN 'before-verification'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = ${code}.company_id
    AND NOT (${sameIdentity(code, "v")})) THEN 'other-identity'
  ELSE 'not-verified' END`;

/** When ValuSeal verified the identity on the code (ISO text), null unless it vouches for it. */
export const issuerVerifiedAtExpression = (code: string, isoText: (column: string) => string) =>
  `(SELECT ${isoText("v.verified_at")} FROM issuer_verifications v WHERE ${verifiedAtIssue(code, "v")}
    ORDER BY v.verified_at DESC LIMIT 1)`;

/** The trust of a qr_codes row read without its company joined (lists, the detail page). */
export const issuerTrustColumn = () =>
  sql<IssuerTrust>`${sql.raw(
    issuerTrustExpression("qr_codes", `(SELECT suspended_at FROM companies WHERE companies.id = qr_codes.company_id)`),
  )}`;
