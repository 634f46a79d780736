import { type SQL, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import {
  RECORD_TYPES,
  type CertificateEvent,
  type CertificateRecord,
  type CheckpointRecord,
  type IssuerVerificationRecord,
  type KeyHistory,
  type RecordType,
  type StatusRecord,
} from "#schema/signed-records.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { ValuerRegisterCheck } from "#schema/valuer-register.ts";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import type { CodeStatusName, IssuerTrust } from "#schema/limits/codes.ts";
import { frozenDifferences, transitionRecord } from "#verifier/chain.ts";
import { EMPTY_CHAIN_HASH, pageFingerprintsRoot } from "#verifier/hashes.ts";
import { verifyRecord } from "#verifier/records.ts";
import { extendsCheckpoint, type LogEntry } from "#verifier/log.ts";
import type { Queryable } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { codeStatusExpression, isoText } from "#worker/lib/code-status.ts";
import { issuerTrustExpression, issuerVerifiedAtExpression } from "#worker/lib/issuer-trust.ts";
import { type LogArchive, secondsNow, type RecordSigning, type Signer } from "#worker/lib/signing.ts";
import { produced, statementPart, valueOf } from "#worker/lib/statement-parts.ts";
import { selectRecords } from "./log-archive";

/** Rows of a raw statement; every driver's result (HTTP, pool, transaction) carries them as `rows`. */
async function selectRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Log entry kinds: a code's certificate record, or an administrator's decision on an issuer identity. */
export const LOG_KINDS = { certificate: "certificate", issuerVerification: "issuer-verification" } as const;

/** How long a signed status answer (GET /status/<code>) holds: a verifier online asks again after. */
const STATUS_RECORD_SECONDS = 300;

/** The signing key's parts of a statement (signingKeyCtes): it is published, the one before stopped, and whether it may sign. */
const PUBLISHED_KEY = statementPart("published_key", ["kid"]);
const STOPPED_KEY = statementPart("stopped_key", []);
const USABLE_KEY = statementPart("usable_key", ["ok"]);

/**
 * The statement parts every signature's write shares: the signing key is published if it is new
 * (so nothing can name a key /.well-known/jwks.json does not list), the key before it is marked
 * stopped, and USABLE_KEY says whether this key may still sign: not marked compromised, and the
 * same public half as the one published under its kid.
 */
const signingKeyCtes = (signer: Signer) => sql`
  ${PUBLISHED_KEY.define(sql`
    INSERT INTO signing_keys (kid, public_jwk) VALUES (${signer.kid}, ${JSON.stringify(signer.publicJwk)}::jsonb)
    ON CONFLICT (kid) DO NOTHING
    RETURNING kid AS ${PUBLISHED_KEY.as.kid}`)},
  ${STOPPED_KEY.define(sql`
    UPDATE signing_keys SET stopped_at = now()
    WHERE stopped_at IS NULL AND kid <> ${signer.kid} AND ${produced(PUBLISHED_KEY)}`)},
  ${USABLE_KEY.define(sql`
    SELECT NOT EXISTS (
      SELECT 1 FROM signing_keys
      WHERE kid = ${signer.kid} AND (compromised_at IS NOT NULL OR public_jwk->>'x' <> ${signer.publicJwk.x})
    ) AS ${USABLE_KEY.as.ok}`)}`;

/** Issuing waits while the key cannot sign; a withdrawal never does (see signCertificate). */
export const SIGNING_PAUSED = "Signing is paused while ValuSeal replaces its signing key. Try again later.";

/** A record to append to the log: its kind, its subject (a code's token, a company's id) and the signed record. */
interface LogAppend {
  kind: string;
  subject: string;
  record: string;
}

/** The log entries a statement appended (logAppendCtes), one row per entry. */
export const LOGGED = statementPart("logged", ["seq"]);

/**
 * The statement parts that append signed records to the log through `append_to_log` (migration
 * 0033): the function locks the head row, numbers the entries (gapless) and moves the chain,
 * SHA-256(previous head ‖ SHA-256(record)), from the exact text stored, then moves the head once.
 * It is called once per transaction, as its last write, so no transaction holds the head longer
 * than one statement and its commit; a caller that waits more than 3 seconds for the head is
 * refused (55P03, answered 503). Nothing is appended while the key may not sign, or when `when`
 * (a condition on the statement's other parts) is false. LOGGED returns the entries' seqs.
 */
export const logAppendCtes = (signer: Signer, entries: LogAppend[], when: SQL = sql`true`) => sql`
  ${signingKeyCtes(signer)},
  ${LOGGED.define(sql`
    SELECT seq AS ${LOGGED.as.seq} FROM append_to_log(
      ${textArray(entries.map((entry) => entry.kind))},
      ${textArray(entries.map((entry) => entry.subject))},
      CASE WHEN ${valueOf(USABLE_KEY, "ok")} AND ${when}
        THEN ${textArray(entries.map((entry) => entry.record))} ELSE ARRAY[]::text[] END
    ) AS seq`)}`;

/** A text[] parameter, sent as JSON so no element's characters need an array literal's escaping. */
const textArray = (values: string[]) => sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;

/** Appends signed records to the log in one statement; false when the key may not sign (nothing is written). */
async function appendToLog(db: Queryable, signer: Signer, entries: LogAppend[]): Promise<boolean> {
  const rows = await selectRows<{ seq: string }>(
    db,
    sql`WITH ${logAppendCtes(signer, entries)} SELECT ${LOGGED.column.seq} FROM ${LOGGED.name}`,
  );
  return rows.length === entries.length;
}

export interface CertificateSourceRow extends Record<string, unknown> {
  public_token: string;
  qr_code_data: string;
  verification_code: string;
  issued_at: string;
  issuer_name: string;
  issuer_email: string;
  issuer_phone: string | null;
  registration_body: string | null;
  issuer_registration_number: string | null;
  issuer_verified_at: string | null;
  valuer_name: string | null;
  valuer_qualification: string | null;
  valuer_registration_number: string | null;
  valuer_phone: string | null;
  valuer_register_check: ValuerRegisterCheck | null;
  property_address: string;
  property_reference: string | null;
  property_area: string | null;
  property_type: string;
  property_size: string | null;
  property_size_unit: string | null;
  land_size: string | null;
  land_size_unit: string | null;
  title_number: string | null;
  latitude: string | null;
  longitude: string | null;
  market_value: string;
  forced_sale_value: string | null;
  currency: string;
  valuation_date: string;
  inspection_date: string | null;
  valid_until: string;
  addressee: string | null;
  purpose: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  replaced_by: string | null;
  seal_version: number | null;
  seal_sha256: string | null;
  seal_page_count: number | null;
  seal_page_fingerprints: string[] | null;
}

/**
 * The frozen record of the code `code` in `from` (`where` picks it), exactly as its certificate shows it (never the
 * firm's current details). `from` is the stored code, or a code about to be issued (see
 * code-issuing.ts), whose record is signed before it is stored.
 */
export const certificateSourceOf = (from: SQL, where: SQL = sql`true`) => sql`
  SELECT code.public_token, code.qr_code_data, code.verification_code, ${sql.raw(isoText("code.created_at"))} AS issued_at,
    code.issuer_name, code.issuer_email, code.issuer_phone,
    CASE WHEN code.issuer_registration_body = 'Other' THEN code.issuer_registration_body_name
         ELSE code.issuer_registration_body END AS registration_body,
    code.issuer_registration_number,
    ${sql.raw(issuerVerifiedAtExpression("code", isoText))} AS issuer_verified_at,
    code.valuer_name, code.valuer_qualification, code.valuer_registration_number, code.valuer_phone,
    code.valuer_register_check, code.property_address, code.property_reference, code.property_area, code.property_type,
    code.property_size::text AS property_size, code.property_size_unit, code.land_size::text AS land_size,
    code.land_size_unit, code.title_number, code.latitude::text AS latitude, code.longitude::text AS longitude,
    code.market_value::text AS market_value, code.forced_sale_value::text AS forced_sale_value, code.currency,
    ${sql.raw(isoText("code.valuation_date"))} AS valuation_date,
    ${sql.raw(isoText("code.inspection_date"))} AS inspection_date,
    ${sql.raw(isoText("code.valid_until"))} AS valid_until, code.addressee, code.purpose,
    ${sql.raw(isoText("code.revoked_at"))} AS revoked_at, code.revoked_reason,
    successor.qr_code_data AS replaced_by,
    seal.version AS seal_version, seal.sha256 AS seal_sha256, seal.page_count AS seal_page_count,
    seal.page_fingerprints AS seal_page_fingerprints
  FROM ${from}
  LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
  LEFT JOIN LATERAL (
    SELECT s.version, s.sha256, s.page_count, s.page_fingerprints FROM report_seals s
    WHERE s.qr_code_id = code.id ORDER BY s.version DESC LIMIT 1
  ) seal ON true
  WHERE ${where}`;

const certificateSource = (codeId: number) => certificateSourceOf(sql`qr_codes code`, sql`code.id = ${codeId}`);

export async function certificateRecord(
  row: CertificateSourceRow,
  origin: string,
  event: CertificateEvent,
): Promise<CertificateRecord> {
  const fingerprints = row.seal_page_fingerprints;
  return {
    v: 1,
    iss: origin,
    iat: secondsNow(),
    event,
    prev: null,
    code: {
      address: row.qr_code_data,
      token: row.public_token,
      verificationCode: formatVerificationCode(row.verification_code),
      issuedAt: row.issued_at,
    },
    issuer: {
      name: row.issuer_name,
      email: row.issuer_email,
      phone: row.issuer_phone,
      registrationBody: row.registration_body,
      registrationNumber: row.issuer_registration_number,
      verifiedAt: row.issuer_verified_at,
    },
    valuer: {
      name: row.valuer_name,
      qualification: row.valuer_qualification,
      registrationNumber: row.valuer_registration_number,
      phone: row.valuer_phone,
      // Absent, not null, when ValuSeal had not checked it: records signed before checks began say the same.
      ...(row.valuer_register_check ? { registerCheck: row.valuer_register_check } : {}),
    },
    property: {
      address: row.property_address,
      reference: row.property_reference,
      area: row.property_area,
      type: row.property_type,
      size: row.property_size,
      sizeUnit: row.property_size_unit,
      landSize: row.land_size,
      landSizeUnit: row.land_size_unit,
      titleNumber: row.title_number,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    valuation: {
      marketValue: row.market_value,
      forcedSaleValue: row.forced_sale_value,
      currency: row.currency,
      valuationDate: row.valuation_date,
      inspectionDate: row.inspection_date,
      validUntil: row.valid_until,
      addressee: row.addressee,
      purpose: row.purpose,
    },
    withdrawal: row.revoked_at ? { at: row.revoked_at, reason: row.revoked_reason, replacedBy: row.replaced_by } : null,
    sealedReport:
      row.seal_version !== null && fingerprints
        ? {
            version: row.seal_version,
            sha256: row.seal_sha256!,
            pageCount: row.seal_page_count!,
            pageFingerprints: fingerprints,
            pageFingerprintsRoot: await pageFingerprintsRoot(fingerprints),
          }
        : null,
  };
}

/** What a change that could not be signed from the chain is told (a "recorded" record asked for, or an issue). */
const RECORD_DISAGREES =
  "This certificate's stored details disagree with its signed record, so nothing new was signed. ValuSeal's administrators have been alerted; the last signed record stands.";

/**
 * Signs a change of the code's state and appends it to the log, in the transaction that made the
 * change, so the change and its signed record commit together (docs/decisions/050). The record is
 * a transition from the code's last signed record: its frozen parts are that record's, never the
 * row's; only the state (withdrawal, sealed report) comes from the change just made. When the row
 * disagrees with the chain (its frozen details were rewritten, or the last record in the log is
 * not one ValuSeal signed), nothing is signed and the administrators are told.
 *
 * While the key may not sign (marked compromised, not yet replaced), or when the row disagrees,
 * a withdrawal or a reinstatement still goes ahead unsigned (`"defer"`): a firm that found a fraud
 * must be able to withdraw the code at once; its record is signed when it is next asked for
 * (certificateRecordsFor), by the next key. Anything else (`"refuse"`) is refused with a 503.
 */
export async function signCertificate(
  db: Queryable,
  signing: RecordSigning,
  codeId: number,
  event: Exclude<CertificateEvent, "issued" | "recorded">,
  whilePaused: "refuse" | "defer",
): Promise<string | null> {
  const rows = await selectRows<CertificateSourceRow>(db, certificateSource(codeId));
  const row = rows[0];
  if (!row) throw new Error(`No code ${codeId} to sign`);
  const next = await nextRecord(db, signing, row, event);
  const refuse = (message: string) => {
    if (whilePaused === "refuse") throw new ApiError(503, message);
    return null;
  };
  if (!next) return refuse(RECORD_DISAGREES);
  const record = await signing.signer.sign(RECORD_TYPES.certificate, next);
  if (!(await appendToLog(db, signing.signer, [{ kind: LOG_KINDS.certificate, subject: row.public_token, record }]))) {
    return refuse(SIGNING_PAUSED);
  }
  return record;
}

/**
 * The record of the code's state now, as a transition from its last signed record; a code with no
 * record yet (issued before records were signed) gets its first from its row. Null, with the
 * administrators told, when the row's frozen details differ from the chain's or the log's last
 * record of the code is not one of ValuSeal's keys'.
 */
async function nextRecord(
  db: Queryable,
  signing: RecordSigning,
  row: CertificateSourceRow,
  event: CertificateEvent,
): Promise<CertificateRecord | null> {
  const fromRow = await certificateRecord(row, signing.origin, event);
  const previous = await lastSignedRecord(db, signing.archive, row.public_token);
  const disagree = (problem: string) => {
    signing.reportDisagreement({ subject: row.public_token, problem });
    return null;
  };
  if (previous === "none") {
    // Only a code issued before this database signed its first record can have none: any later
    // code was signed in the statement that stored it, so a row without one was written around us.
    return (await issuedBeforeRecordsBegan(db, row.issued_at))
      ? fromRow
      : disagree("the code has no signed record, though it was stored after records began");
  }
  if (previous === "unverifiable") return disagree("the log's last record of the code is not one ValuSeal signed");
  // Which identity ValuSeal had verified, and the origin, are the chain's: a later confirmation of
  // earlier codes or a new domain is not a change of what was issued.
  const differing = frozenDifferences(previous.payload, {
    ...fromRow,
    iss: previous.payload.iss,
    issuer: { ...fromRow.issuer, verifiedAt: previous.payload.issuer.verifiedAt },
  });
  if (differing.length > 0) return disagree(`its ${differing.join(", ")} differ from the signed record`);
  return transitionRecord(previous, {
    event,
    iat: secondsNow(),
    state: { withdrawal: fromRow.withdrawal, sealedReport: fromRow.sealedReport },
  });
}

/** Whether the code was issued before the log's first certificate record (read in seq order: the primary key). */
async function issuedBeforeRecordsBegan(db: Queryable, issuedAt: string): Promise<boolean> {
  const rows = await selectRows<{ before: boolean }>(
    db,
    sql`SELECT ${issuedAt}::timestamptz < created_at AS before FROM transparency_log
        WHERE kind = ${LOG_KINDS.certificate} ORDER BY seq LIMIT 1`,
  );
  return rows[0]?.before ?? true;
}

/** The code's last record in the log, checked against the published keys. */
async function lastSignedRecord(
  db: Queryable,
  archive: LogArchive,
  token: string,
): Promise<{ text: string; payload: CertificateRecord } | "none" | "unverifiable"> {
  const [last] = await selectRecords(db, archive, {
    where: certificateEntriesOf(token),
    order: sql`l.seq DESC`,
    limit: 1,
  });
  if (last === undefined) return "none";
  const check = await verifyRecord<CertificateRecord>(last.record, await keyHistory(db), RECORD_TYPES.certificate);
  return check.ok && check.payload.code.token === token
    ? { text: last.record, payload: check.payload }
    : "unverifiable";
}

/** The certificate entries of the code `token` in the log `l`. */
const certificateEntriesOf = (token: string) => sql`l.subject = ${token} AND l.kind = ${LOG_KINDS.certificate}`;

/**
 * Signs the "issued" records of codes put into the table directly, as seeding does (the tests'
 * `insertCode(..., signed)`), all in one append. Codes issued through the API are signed before
 * they are stored, by the issuing statement itself (code-issuing.ts, decision 071). 503 while the
 * key may not sign: a code must not stand unsigned.
 */
export async function signIssuedCertificates(db: Queryable, signing: RecordSigning, codeIds: number[]) {
  if (codeIds.length === 0) return;
  const rows = await selectRows<CertificateSourceRow>(
    db,
    certificateSourceOf(sql`qr_codes code`, sql`code.id = ANY(${`{${codeIds.join(",")}}`}::int[])`),
  );
  const entries = await Promise.all(
    rows.map(async (row) => ({
      kind: LOG_KINDS.certificate,
      subject: row.public_token,
      record: await signing.signer.sign(
        RECORD_TYPES.certificate,
        await certificateRecord(row, signing.origin, "issued"),
      ),
    })),
  );
  if (!(await appendToLog(db, signing.signer, entries))) throw new ApiError(503, SIGNING_PAUSED);
}

/** Signs an administrator's decision on an issuer identity into the log. */
export async function signIssuerDecision(
  db: Queryable,
  { signer, origin }: RecordSigning,
  decision: Omit<IssuerVerificationRecord, "v" | "iss" | "iat">,
): Promise<void> {
  const record = await signer.sign(RECORD_TYPES.issuerVerification, {
    v: 1,
    iss: origin,
    iat: secondsNow(),
    ...decision,
  } satisfies IssuerVerificationRecord);
  await appendToLog(db, signer, [{ kind: LOG_KINDS.issuerVerification, subject: String(decision.company.id), record }]);
}

/** A code's signed certificate records, oldest first (empty for a code never signed). */
export async function certificateRecords(db: Queryable, archive: LogArchive, token: string): Promise<string[]> {
  const entries = await selectRecords(db, archive, { where: certificateEntriesOf(token) });
  return entries.map((entry) => entry.record);
}

/** The signed records of many codes at once (a data export's page of codes), each code's oldest first. */
export async function certificateRecordsByToken(
  db: Queryable,
  archive: LogArchive,
  tokens: string[],
): Promise<Map<string, string[]>> {
  const byToken = new Map<string, string[]>();
  if (tokens.length === 0) return byToken;
  const entries = await selectRecords(db, archive, {
    where: sql`l.subject IN ${tokens} AND l.kind = ${LOG_KINDS.certificate}`,
    order: sql`l.subject, l.seq`,
  });
  for (const { subject, record } of entries) {
    const records = byToken.get(subject);
    if (records) records.push(record);
    else byToken.set(subject, [record]);
  }
  return byToken;
}

/** The parts of a code's state a later change can move: its withdrawal and its latest seal. */
function stateOf(record: Pick<CertificateRecord, "withdrawal" | "sealedReport">) {
  return JSON.stringify([
    record.withdrawal?.at ?? null,
    record.withdrawal?.reason ?? null,
    record.sealedReport?.version ?? null,
  ]);
}

/** What the file says when the code's state now is not in its last signed record. */
function unsignedChangeOf(now: CertificateRecord): string {
  const state = now.withdrawal
    ? `This code was withdrawn at ${now.withdrawal.at}${now.withdrawal.reason ? ` (${now.withdrawal.reason})` : ""}`
    : "This code's state changed";
  return `${state}, and that change is not signed yet: the record below is the last signed one. The status link answers the code's state now, signed.`;
}

/**
 * A code's records to hand out, oldest first, and whether its state now is newer than the last of
 * them. A withdrawal made while signing was paused is signed now, as a transition from the last
 * record, by the next key; a code issued before records were signed gets its first record from
 * its row. Any other state the records do not hold (a seal or reinstatement no signed change made)
 * was written around ValuSeal: it is not signed, the administrators are told, and the file says
 * that a newer unsigned state exists. Null for an unknown code.
 */
export async function certificateRecordsFor(
  db: Queryable,
  signing: RecordSigning,
  token: string,
): Promise<{ records: string[]; unsignedChange: string | null } | null> {
  const [rows, records] = await Promise.all([
    selectRows<CertificateSourceRow>(db, certificateSourceOf(sql`qr_codes code`, sql`code.public_token = ${token}`)),
    certificateRecords(db, signing.archive, token),
  ]);
  const row = rows[0];
  if (!row) return null;
  const now = await certificateRecord(row, signing.origin, "recorded");
  const latest = records.at(-1);
  const last = latest ? (decodeJwt(latest) as unknown as CertificateRecord) : null;
  if (last && stateOf(now) === stateOf(last)) return { records, unsignedChange: null };
  const unsigned = () => {
    if (!latest) throw new ApiError(503, RECORD_DISAGREES);
    return { records, unsignedChange: unsignedChangeOf(now) };
  };
  if (last && !(last.withdrawal === null && now.withdrawal !== null && sameSeal(last, now))) {
    signing.reportDisagreement({ subject: token, problem: "its withdrawal or seal is one no signed change made" });
    return unsigned();
  }
  const next = await nextRecord(db, signing, row, "recorded");
  if (!next) return unsigned();
  const record = await signing.signer.sign(RECORD_TYPES.certificate, next);
  if (!(await appendToLog(db, signing.signer, [{ kind: LOG_KINDS.certificate, subject: token, record }]))) {
    if (!latest) throw new ApiError(503, SIGNING_PAUSED);
    return { records, unsignedChange: unsignedChangeOf(now) };
  }
  return { records: [...records, record], unsignedChange: null };
}

const sameSeal = (a: CertificateRecord, b: CertificateRecord) =>
  (a.sealedReport?.version ?? null) === (b.sealedReport?.version ?? null);

/**
 * The code's status now, signed and short-lived (GET /status/<code>), with ValuSeal's trust in its
 * issuer and the certificate's headline, so a verifier online shows exactly what the page shows.
 * Null for an unknown code; 503 while the key may not sign.
 */
export async function signedStatus(db: Queryable, { signer, origin }: RecordSigning, token: string) {
  const rows = await selectRows<{
    qr_code_data: string;
    verification_code: string;
    status: CodeStatusName;
    issuer_trust: IssuerTrust;
    valuer_register_check: ValuerRegisterCheck | null;
    revoked_reason: string | null;
    replaced_by: string | null;
    usable: boolean;
  }>(
    db,
    sql`
    WITH ${signingKeyCtes(signer)}
    SELECT code.qr_code_data, code.verification_code, code.revoked_reason, successor.qr_code_data AS replaced_by,
      code.valuer_register_check,
      ${sql.raw(codeStatusExpression("code", "company.time_zone"))} AS status,
      ${sql.raw(issuerTrustExpression("code", "company.suspended_at"))} AS issuer_trust,
      ${valueOf(USABLE_KEY, "ok")} AS usable
    FROM qr_codes code
    JOIN companies company ON company.id = code.company_id
    LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
    WHERE code.public_token = ${token}`,
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.usable) throw new ApiError(503, SIGNING_PAUSED);
  const iat = secondsNow();
  return signer.sign(RECORD_TYPES.status, {
    v: 1,
    iss: origin,
    iat,
    exp: iat + STATUS_RECORD_SECONDS,
    code: { address: row.qr_code_data, verificationCode: formatVerificationCode(row.verification_code) },
    status: row.status,
    issuerTrust: row.issuer_trust,
    headline: verdictHeadline(
      "en",
      certificateVerdict(row.status, row.issuer_trust, row.valuer_register_check?.result ?? null).headline,
    ),
    reason: row.revoked_reason,
    replacedBy: row.replaced_by,
  } satisfies StatusRecord);
}

interface CheckpointRow extends Record<string, unknown> {
  size: string;
  head_hash: string;
  record: string;
  signed_at: string;
}

const toCheckpoint = (row: CheckpointRow) => ({
  size: Number(row.size),
  headHash: row.head_hash,
  record: row.record,
  signedAt: row.signed_at,
});

type Checkpoint = ReturnType<typeof toCheckpoint>;

/** Checkpoints that still prove something: not signed at or after their key's compromise time. */
const TRUSTED_CHECKPOINT = sql.raw(`NOT EXISTS (
  SELECT 1 FROM signing_keys k WHERE k.kid = c.kid AND k.compromised_at IS NOT NULL AND k.compromised_at <= c.signed_at)`);

/** What a checkpoint asked for while the log's head does not extend the last one is told. */
const LOG_DISAGREES =
  "The transparency log does not extend its last signed checkpoint, so no new checkpoint was signed. ValuSeal's administrators have been alerted.";

/**
 * Signs the log's head as a checkpoint unless a trusted one already covers it. The head is read as
 * it is (entries appended meanwhile wait for the next checkpoint); a checkpoint of the same size
 * signed at the same moment by another request is kept, not duplicated. The new checkpoint names
 * the last trusted one, and is signed only when the entries since that one recompute the head from
 * it (extendsCheckpoint): a log rewritten in the database is never signed, and the administrators
 * are told (503). Returns the latest trusted checkpoint (null for an empty log; 503 while the key
 * may not sign and none covers it).
 */
export async function signCheckpoint(db: Queryable, signing: RecordSigning): Promise<Checkpoint | null> {
  const { signer, origin } = signing;
  const heads = await selectRows<{ size: string; head_hash: string; covered: boolean }>(
    db,
    sql`
    SELECT head.size, head.head_hash,
      EXISTS (SELECT 1 FROM transparency_checkpoints c WHERE c.size = head.size AND ${TRUSTED_CHECKPOINT}) AS covered
    FROM transparency_log_head head WHERE head.id = 1`,
  );
  const head = heads[0]!;
  const size = Number(head.size);
  if (size === 0 || head.covered) return latestCheckpoint(db);
  const previous = await latestCheckpoint(db);
  if (previous) {
    const since = previous.size < size ? await logEntries(db, previous.size + 1, size) : [];
    if (!(await extendsCheckpoint(previous, { size, headHash: head.head_hash }, since))) {
      signing.reportDisagreement({
        subject: "log",
        problem: `the head at size ${size} does not extend the checkpoint at size ${previous.size}`,
      });
      throw new ApiError(503, LOG_DISAGREES);
    }
  }
  const record = await signer.sign(RECORD_TYPES.checkpoint, {
    v: 1,
    iss: origin,
    iat: secondsNow(),
    size,
    headHash: head.head_hash,
    previous: previous ? { size: previous.size, headHash: previous.headHash } : null,
  } satisfies CheckpointRecord);
  const written = await selectRows<{ size: string }>(
    db,
    sql`
    WITH ${signingKeyCtes(signer)}
    INSERT INTO transparency_checkpoints (size, head_hash, record, kid)
    SELECT ${size}, ${head.head_hash}, ${record}, ${signer.kid} WHERE ${valueOf(USABLE_KEY, "ok")}
    ON CONFLICT (size, kid) DO NOTHING
    RETURNING size`,
  );
  const latest = await latestCheckpoint(db);
  if (written.length === 0 && (latest?.size ?? 0) < size && !(await isUsable(db, signer))) {
    throw new ApiError(503, SIGNING_PAUSED);
  }
  return latest;
}

/**
 * Signs a document that is not a code's record (a receipt) with the platform's key, once the key is
 * published, so /.well-known/jwks.json lists every key anything names; refused (503) while the
 * key may not sign.
 */
export async function signWithPublishedKey(db: Queryable, signer: Signer, type: RecordType, payload: object) {
  if (!(await isUsable(db, signer))) throw new ApiError(503, SIGNING_PAUSED);
  return signer.sign(type, payload);
}

async function isUsable(db: Queryable, signer: Signer): Promise<boolean> {
  const rows = await selectRows<{ ok: boolean }>(
    db,
    sql`WITH ${signingKeyCtes(signer)} SELECT ${USABLE_KEY.column.ok} AS ok FROM ${USABLE_KEY.name}`,
  );
  return rows[0]?.ok ?? false;
}

const CHECKPOINT_COLUMNS = sql.raw(`c.size, c.head_hash, c.record, ${isoText("c.signed_at")} AS signed_at`);

export async function latestCheckpoint(db: Queryable): Promise<Checkpoint | null> {
  const rows = await selectRows<CheckpointRow>(
    db,
    sql`SELECT ${CHECKPOINT_COLUMNS} FROM transparency_checkpoints c WHERE ${TRUSTED_CHECKPOINT}
        ORDER BY c.size DESC, c.signed_at DESC LIMIT 1`,
  );
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

/** Trusted checkpoints, newest first, a page at a time. */
export async function listCheckpoints(db: Queryable, limit: number, offset: number): Promise<Checkpoint[]> {
  const rows = await selectRows<CheckpointRow>(
    db,
    sql`SELECT ${CHECKPOINT_COLUMNS} FROM transparency_checkpoints c WHERE ${TRUSTED_CHECKPOINT}
        ORDER BY c.size DESC, c.signed_at DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map(toCheckpoint);
}

/**
 * Whether the hourly job should sign a checkpoint: the log grew since the last trusted one, or the
 * last is a day old (so a verifier always finds one signed within the day, even when nothing happened).
 */
export async function checkpointDue(db: Queryable): Promise<boolean> {
  const rows = await selectRows<{ due: boolean }>(
    db,
    sql`
    SELECT head.size > 0 AND (
      latest.size IS NULL OR latest.size < head.size OR latest.signed_at < now() - interval '23 hours'
    ) AS due
    FROM transparency_log_head head
    LEFT JOIN LATERAL (
      SELECT c.size, c.signed_at FROM transparency_checkpoints c WHERE ${TRUSTED_CHECKPOINT}
      ORDER BY c.size DESC, c.signed_at DESC LIMIT 1
    ) latest ON true
    WHERE head.id = 1`,
  );
  return rows[0]?.due ?? false;
}

interface EntryRow extends Record<string, unknown> {
  seq: string;
  leaf_hash: string;
  chain_hash: string;
}

/**
 * Entries `from` to `to` (inclusive), in order. Published as hashes only: the records name every
 * code's token and its valuation, and a log anyone can page through would let anyone list every
 * code. Whoever holds a record checks it against its leaf hash. With `recordsFrom`, each entry
 * carries its record (a proof's own entry), read back from the archive where it has moved.
 */
export async function logEntries(
  db: Queryable,
  from: number,
  to: number,
  { recordsFrom }: { recordsFrom?: LogArchive } = {},
): Promise<LogEntry[]> {
  const range = sql`l.seq BETWEEN ${from} AND ${to}`;
  const [rows, records] = await Promise.all([
    selectRows<EntryRow>(
      db,
      sql`SELECT l.seq, l.leaf_hash, l.chain_hash FROM transparency_log l WHERE ${range} ORDER BY l.seq`,
    ),
    recordsFrom ? selectRecords(db, recordsFrom, { where: range }) : [],
  ]);
  const recordOf = new Map(records.map((entry) => [entry.seq, entry.record]));
  return rows.map((row) => {
    const record = recordOf.get(Number(row.seq));
    return {
      seq: Number(row.seq),
      leafHash: row.leaf_hash,
      chainHash: row.chain_hash,
      ...(record === undefined ? {} : { record }),
    };
  });
}

/** The chain hash before entry `seq` (the empty log's for the first). */
async function chainHashBefore(db: Queryable, seq: number): Promise<string> {
  const rows = await selectRows<{ chain_hash: string }>(
    db,
    sql`SELECT chain_hash FROM transparency_log WHERE seq = ${seq - 1}`,
  );
  return rows[0]?.chain_hash ?? EMPTY_CHAIN_HASH;
}

/**
 * What a verifier needs to see that a code's latest record is in the log under a signed
 * checkpoint: the chain hash before its entry, that entry with its record, the hashes of every
 * entry after it up to the first trusted checkpoint that covers it (one is signed now if none does
 * yet, so a proof stays about an hour of entries long), and that checkpoint. Recomputing the chain
 * over them must give the checkpoint's head hash.
 */
export async function logProof(db: Queryable, signing: RecordSigning, token: string) {
  const latest = await selectRows<{ seq: string }>(
    db,
    sql`SELECT seq FROM transparency_log WHERE subject = ${token} AND kind = ${LOG_KINDS.certificate}
        ORDER BY seq DESC LIMIT 1`,
  );
  if (!latest[0]) return null;
  const seq = Number(latest[0].seq);
  let checkpoint = await firstCheckpointCovering(db, seq);
  if (!checkpoint) {
    await signCheckpoint(db, signing);
    checkpoint = await firstCheckpointCovering(db, seq);
  }
  if (!checkpoint) throw new ApiError(503, SIGNING_PAUSED);
  const [previousHash, own, after] = await Promise.all([
    chainHashBefore(db, seq),
    logEntries(db, seq, seq, { recordsFrom: signing.archive }),
    logEntries(db, seq + 1, checkpoint.size),
  ]);
  return { previousHash, entries: [...own, ...after], checkpoint };
}

async function firstCheckpointCovering(db: Queryable, seq: number): Promise<Checkpoint | null> {
  const rows = await selectRows<CheckpointRow>(
    db,
    sql`SELECT ${CHECKPOINT_COLUMNS} FROM transparency_checkpoints c WHERE c.size >= ${seq} AND ${TRUSTED_CHECKPOINT}
        ORDER BY c.size LIMIT 1`,
  );
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

interface KeyRow extends Record<string, unknown> {
  public_jwk: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string };
  started_at: string;
  stopped_at: string | null;
  compromised_at: string | null;
}

/** Every key ever used, oldest first, as /.well-known/jwks.json publishes them. */
export async function keyHistory(db: Queryable): Promise<KeyHistory> {
  const rows = await selectRows<KeyRow>(
    db,
    sql`
    SELECT public_jwk, ${sql.raw(isoText("started_at"))} AS started_at, ${sql.raw(isoText("stopped_at"))} AS stopped_at,
      ${sql.raw(isoText("compromised_at"))} AS compromised_at
    FROM signing_keys ORDER BY started_at, kid`,
  );
  return {
    keys: rows.map((row) => ({
      kty: "OKP",
      crv: "Ed25519",
      x: row.public_jwk.x,
      kid: row.public_jwk.kid,
      alg: "EdDSA",
      use: "sig",
      started_at: row.started_at,
      stopped_at: row.stopped_at,
      compromised_at: row.compromised_at,
    })),
  };
}

/**
 * Records that a key may have been in other hands since `since`; what it signed from then on is
 * refused. Once set, the time never changes (the table's trigger). Unknown keys, times before the
 * key started signing and keys already marked are refused.
 */
export async function markKeyCompromised(db: Queryable, kid: string, since: Date): Promise<void> {
  const rows = await selectRows<{ started_at: string; compromised_at: string | null; marked: boolean }>(
    db,
    sql`
    WITH marked AS (
      UPDATE signing_keys SET compromised_at = ${since.toISOString()}::timestamptz, stopped_at = coalesce(stopped_at, now())
      WHERE kid = ${kid} AND compromised_at IS NULL AND started_at <= ${since.toISOString()}::timestamptz
      RETURNING kid
    )
    SELECT ${sql.raw(isoText("started_at"))} AS started_at, ${sql.raw(isoText("compromised_at"))} AS compromised_at,
      EXISTS (SELECT 1 FROM marked) AS marked
    FROM signing_keys WHERE kid = ${kid}`,
  );
  const key = rows[0];
  if (!key) throw new ApiError(404, "No signing key has this id");
  if (key.marked) return;
  if (key.compromised_at) throw new ApiError(409, `This key is already marked compromised from ${key.compromised_at}`);
  throw new ApiError(400, "Validation failed", [
    `compromisedAt: The key only started signing at ${key.started_at}; give a time after that`,
  ]);
}
