import { sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { companies, valuers } from "#schema/tables.ts";
import { PUBLIC_TOKEN_LENGTH } from "#schema/public-token.ts";
import type { CreateQrCode } from "#schema/validation/qr-codes.ts";
import { verificationAddress } from "#worker/lib/public-address.ts";
import { randomToken } from "#worker/lib/random.ts";
import { maySign } from "./qr-codes";
import { valuerCheckOnDay } from "../register/valuer-checks";

/** Who issues: the signed-in user and their company (a number, or the session's company as SQL). */
export interface Issuer {
  userId: number;
  companyId: number | SQL<number>;
}

/**
 * What a certificate freezes at issue: each column of the code, and the column of the company (the
 * issuer's identity and contact) or of the signing valuer it copies as they stand at that moment.
 */
export const FROZEN_FROM_COMPANY = {
  issuerName: companies.name,
  issuerEmail: companies.email,
  issuerPhone: companies.phone,
  issuerRegistrationBody: companies.registrationBody,
  issuerRegistrationBodyName: companies.registrationBodyName,
  issuerRegistrationNumber: companies.registrationNumber,
};
export const FROZEN_FROM_VALUER = {
  valuerName: valuers.name,
  valuerQualification: valuers.qualification,
  valuerRegistrationNumber: valuers.registrationNumber,
  valuerPhone: valuers.phone,
};

/**
 * What the issuer is as ValuSeal stands behind it, beyond the identity a code freezes: whether it is
 * verified and since when, active, suspended, closed. Round trip 1 of an issue reads it and round trip 2
 * stores the codes only if it is unchanged: a withdrawal of the firm's verification between the
 * two would otherwise let a code signed green before it be stored after it.
 */
export const ISSUER_STANDING = sql<unknown>`jsonb_build_array(${companies.verificationStatus}, ${companies.verifiedAt}, ${companies.isActive}, ${companies.suspendedAt}, ${companies.closedAt})`;

/**
 * What every new code is given: a fresh random token and the address that encodes it. A clash of
 * the token is a retry with another.
 */
function newCodeAddress(origin: string) {
  const publicToken = randomToken(PUBLIC_TOKEN_LENGTH);
  return { publicToken, qrCodeData: verificationAddress(origin, publicToken) };
}

/** The form's fields under their column names, as jsonb_populate_record reads them (dates as ISO text). */
function asColumns(values: Record<string, unknown>) {
  return JSON.stringify(Object.fromEntries(Object.entries(values).map(([key, value]) => [toSnakeCase(key), value])));
}

/**
 * The one builder of new codes, for every way of issuing (one at a time, in a batch, by the API):
 * a SELECT of the codes exactly as they will be stored, one row of `qr_codes` per form in the
 * table's column order and in the forms' order, built by the database from the forms and from the
 * company and valuers as they stand now:
 * - a fresh token and the address it encodes, the next id, a random verification code;
 * - never withdrawn, whatever the form's fields are named;
 * - valid until the date the valuer chose, or else the valuation date plus the company's period;
 * - the issuer's identity and the signing valuer frozen (FROZEN_FROM_COMPANY, FROZEN_FROM_VALUER):
 *   a later rename, registration change or valuer edit never rewrites an issued certificate. A
 *   valuer who may not sign (maySign) is not copied, and the caller refuses the code;
 * - the check in force of the valuer's registration on the day of issue, in the firm's time zone
 *   (valuerCheckOnDay), frozen the same way.
 * The forms travel as one jsonb value, so a batch of 500 is one statement with one parameter, not
 * 500 statements (issue 51). No row when the company is not an active issuer. One code or a
 * batch, the rows are read back and signed before they are stored (code-issuing.ts, decision 071).
 */
export function codesAsStored(origin: string, issuer: Issuer, forms: CreateQrCode[]) {
  const createdAt = sql`now()`;
  const sent = `[${forms.map((values) => asColumns({ ...values, userId: issuer.userId, ...newCodeAddress(origin) })).join(",")}]`;
  const frozenColumns = sql.join(
    Object.entries({ ...FROZEN_FROM_COMPANY, ...FROZEN_FROM_VALUER }).map(
      ([key, column]) => sql`${toSnakeCase(key)}::text, ${column}`,
    ),
    sql`, `,
  );
  const validUntil = sql`coalesce((form.value->>'valid_until')::timestamptz,
    (form.value->>'valuation_date')::timestamptz + make_interval(days => ${companies.validityDays}))`;
  return sql`
    SELECT code.*
    FROM jsonb_array_elements(${sent}::jsonb) WITH ORDINALITY AS form (value, position)
    CROSS JOIN ${companies}
    LEFT JOIN ${valuers} ON ${valuers.id} = (form.value->>'valuer_id')::int AND ${maySign(companies.id)}
    CROSS JOIN LATERAL jsonb_populate_record(NULL::qr_codes, form.value || jsonb_build_object(
      'id', nextval(pg_get_serial_sequence('qr_codes', 'id')),
      'company_id', ${companies.id},
      'revoked_at', NULL, 'revoked_reason', NULL, 'revoked_by_id', NULL, 'superseded_by_id', NULL,
      'verification_code', random_verification_code(),
      'created_at', ${createdAt},
      'updated_at', ${createdAt},
      'valid_until', ${validUntil},
      'valuer_register_check', ${valuerCheckOnDay(sql`(${createdAt} AT TIME ZONE ${companies.timeZone})::date`)},
      ${frozenColumns}
    )) code
    WHERE ${companies.id} = ${issuer.companyId} AND ${companies.kind} = 'issuer' AND ${companies.isActive}
    ORDER BY form.position`;
}
