import { sql } from "drizzle-orm";
import type { IssuerTrust } from "#schema/limits/codes.ts";

/*
 * The rule behind "Verified Authentic": ValuSeal vouches for a code's issuer only when the identity
 * frozen on the code at issue is one an administrator verified, in force when the code was issued.
 * The certificate's headline then follows from this trust and the code's status
 * (certificateVerdict, schema/certificate-verdict.ts).
 */

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
