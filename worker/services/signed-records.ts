import { type SQL, sql } from "drizzle-orm";
import {
  RECORD_TYPES,
  type CertificateEvent,
  type CertificateRecord,
  type CheckpointRecord,
  type IssuerVerificationRecord,
  type KeyHistory,
  type StatusRecord,
} from "../../schema/signed-records";
import { formatVerificationCode } from "../../schema/verification-code";
import type { CodeStatusName } from "../../schema/limits";
import { EMPTY_CHAIN_HASH, pageFingerprintsRoot } from "../../verifier/hashes";
import type { LogEntry } from "../../verifier/log";
import type { Queryable } from "../db";
import { ApiError } from "../lib/errors";
import { codeStatusExpression, issuerVerifiedAtExpression, isoText } from "../lib/code-status";
import { secondsNow, type RecordSigning, type Signer } from "../lib/signing";

/** Rows of a raw statement; every driver's result (HTTP, pool, transaction) carries them as `rows`. */
async function selectRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Log entry kinds: a code's certificate record, or an administrator's decision on an issuer identity. */
export const LOG_KINDS = { certificate: "certificate", issuerVerification: "issuer-verification" } as const;

/** How long a signed status answer (GET /status/<code>) holds: a verifier online asks again after. */
export const STATUS_RECORD_SECONDS = 300;

/**
 * Appends a signed record to the log in one statement: the head row's lock numbers it (gapless)
 * and moves the chain, SHA-256(previous head ‖ SHA-256(record)), computed by the database from the
 * exact text stored. The same statement publishes the signing key if it is new, and marks the key
 * before it as stopped, so no entry can name a key /.well-known/jwks.json does not list.
 */
async function appendToLog(db: Queryable, signer: Signer, kind: string, subject: string, record: string) {
  const rows = await selectRows<{ seq: string }>(
    db,
    sql`
    WITH published AS (
      INSERT INTO signing_keys (kid, public_jwk) VALUES (${signer.kid}, ${JSON.stringify(signer.publicJwk)}::jsonb)
      ON CONFLICT (kid) DO NOTHING
      RETURNING kid
    ), stopped AS (
      UPDATE signing_keys SET stopped_at = now()
      WHERE stopped_at IS NULL AND kid <> ${signer.kid} AND EXISTS (SELECT 1 FROM published)
    ), head AS (
      UPDATE transparency_log_head
      SET size = size + 1,
          head_hash = encode(sha256(decode(head_hash, 'hex') || sha256(convert_to(${record}, 'UTF8'))), 'hex')
      WHERE id = 1
        AND NOT EXISTS (SELECT 1 FROM signing_keys WHERE kid = ${signer.kid} AND compromised_at IS NOT NULL)
      RETURNING size, head_hash
    )
    INSERT INTO transparency_log (seq, kind, subject, record, leaf_hash, chain_hash)
    SELECT head.size, ${kind}, ${subject}, ${record}, encode(sha256(convert_to(${record}, 'UTF8')), 'hex'), head.head_hash
    FROM head
    RETURNING seq`,
  );
  // A key marked compromised signs nothing more: issuing waits for the next key (npm run keys:rotate).
  if (!rows[0]) throw new ApiError(503, "Signing is paused while ValuSeal replaces its signing key. Try again later.");
  return Number(rows[0].seq);
}

interface CertificateSourceRow extends Record<string, unknown> {
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

/** The code's frozen record, exactly as its certificate shows it (never the firm's current details). */
const certificateSource = (codeId: number) => sql`
  SELECT code.public_token, code.qr_code_data, code.verification_code, ${sql.raw(isoText("code.created_at"))} AS issued_at,
    code.issuer_name, code.issuer_email, code.issuer_phone,
    CASE WHEN code.issuer_registration_body = 'Other' THEN code.issuer_registration_body_name
         ELSE code.issuer_registration_body END AS registration_body,
    code.issuer_registration_number,
    ${sql.raw(issuerVerifiedAtExpression("code", isoText))} AS issuer_verified_at,
    code.valuer_name, code.valuer_qualification, code.valuer_registration_number, code.valuer_phone,
    code.property_address, code.property_reference, code.property_area, code.property_type,
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
  FROM qr_codes code
  LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
  LEFT JOIN LATERAL (
    SELECT s.version, s.sha256, s.page_count, s.page_fingerprints FROM report_seals s
    WHERE s.qr_code_id = code.id ORDER BY s.version DESC LIMIT 1
  ) seal ON true
  WHERE code.id = ${codeId}`;

async function certificateRecord(
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

/**
 * Signs the code's certificate as it stands and appends it to the log: at issue, and at every
 * change of its state. Run it in the transaction that made the change, so the change and its
 * signed record commit together.
 */
export async function signCertificate(
  db: Queryable,
  { signer, origin }: RecordSigning,
  codeId: number,
  event: CertificateEvent,
): Promise<string> {
  const rows = await selectRows<CertificateSourceRow>(db, certificateSource(codeId));
  const row = rows[0];
  if (!row) throw new Error(`No code ${codeId} to sign`);
  const record = await signer.sign(RECORD_TYPES.certificate, await certificateRecord(row, origin, event));
  await appendToLog(db, signer, LOG_KINDS.certificate, row.public_token, record);
  return record;
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
  await appendToLog(db, signer, LOG_KINDS.issuerVerification, String(decision.company.id), record);
}

/** A code's latest signed certificate record, or null when the code is unknown. */
export async function latestCertificateRecord(db: Queryable, token: string): Promise<string | null> {
  const rows = await selectRows<{ record: string }>(
    db,
    sql`
    SELECT record FROM transparency_log
    WHERE subject = ${token} AND kind = ${LOG_KINDS.certificate}
    ORDER BY seq DESC LIMIT 1`,
  );
  return rows[0]?.record ?? null;
}

/**
 * The certificate record to hand out for a code: its latest signed one, or, for a code issued
 * before records were signed, one signed now from its frozen record ("recorded", with the
 * original issue time inside), appended like any other.
 */
export async function certificateRecordFor(
  db: Queryable,
  signing: RecordSigning,
  token: string,
): Promise<string | null> {
  const existing = await latestCertificateRecord(db, token);
  if (existing) return existing;
  const rows = await selectRows<{ id: number }>(db, sql`SELECT id FROM qr_codes WHERE public_token = ${token}`);
  const code = rows[0];
  return code ? signCertificate(db, signing, code.id, "recorded") : null;
}

/** The code's status now, signed and short-lived (GET /status/<code>); null for an unknown code. */
export async function signedStatus(db: Queryable, { signer, origin }: RecordSigning, token: string) {
  const rows = await selectRows<{
    qr_code_data: string;
    verification_code: string;
    status: CodeStatusName;
    revoked_reason: string | null;
    replaced_by: string | null;
  }>(
    db,
    sql`
    SELECT code.qr_code_data, code.verification_code, code.revoked_reason, successor.qr_code_data AS replaced_by,
      ${sql.raw(codeStatusExpression("code", "company.time_zone"))} AS status
    FROM qr_codes code
    JOIN companies company ON company.id = code.company_id
    LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
    WHERE code.public_token = ${token}`,
  );
  const row = rows[0];
  if (!row) return null;
  const iat = secondsNow();
  return signer.sign(RECORD_TYPES.status, {
    v: 1,
    iss: origin,
    iat,
    exp: iat + STATUS_RECORD_SECONDS,
    code: { address: row.qr_code_data, verificationCode: formatVerificationCode(row.verification_code) },
    status: row.status,
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

export type Checkpoint = ReturnType<typeof toCheckpoint>;

/**
 * Signs the log's head as a checkpoint unless one already covers it. The head is read as it is
 * (entries appended meanwhile wait for the next checkpoint); a checkpoint of the same size signed
 * at the same moment by another request is kept, not duplicated.
 */
export async function signCheckpoint(db: Queryable, { signer, origin }: RecordSigning): Promise<Checkpoint | null> {
  const heads = await selectRows<{ size: string; head_hash: string; covered: boolean }>(
    db,
    sql`
    SELECT head.size, head.head_hash,
      EXISTS (SELECT 1 FROM transparency_checkpoints c WHERE c.size = head.size) AS covered
    FROM transparency_log_head head WHERE head.id = 1`,
  );
  const head = heads[0]!;
  const size = Number(head.size);
  if (size === 0 || head.covered) return latestCheckpoint(db);
  const record = await signer.sign(RECORD_TYPES.checkpoint, {
    v: 1,
    iss: origin,
    iat: secondsNow(),
    size,
    headHash: head.head_hash,
  } satisfies CheckpointRecord);
  await db.execute(sql`
    INSERT INTO transparency_checkpoints (size, head_hash, record) VALUES (${size}, ${head.head_hash}, ${record})
    ON CONFLICT (size) DO NOTHING`);
  return latestCheckpoint(db);
}

const CHECKPOINT_COLUMNS = sql.raw(`size, head_hash, record, ${isoText("signed_at")} AS signed_at`);

export async function latestCheckpoint(db: Queryable): Promise<Checkpoint | null> {
  const rows = await selectRows<CheckpointRow>(
    db,
    sql`SELECT ${CHECKPOINT_COLUMNS} FROM transparency_checkpoints ORDER BY size DESC LIMIT 1`,
  );
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

/** Checkpoints, newest first, a page at a time. */
export async function listCheckpoints(db: Queryable, limit: number, offset: number): Promise<Checkpoint[]> {
  const rows = await selectRows<CheckpointRow>(
    db,
    sql`SELECT ${CHECKPOINT_COLUMNS} FROM transparency_checkpoints ORDER BY size DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map(toCheckpoint);
}

/**
 * Whether the hourly job should sign a checkpoint: the log grew since the last one, or the last is
 * a day old (so a verifier always finds one signed within the day, even when nothing happened).
 */
export async function checkpointDue(db: Queryable): Promise<boolean> {
  const rows = await selectRows<{ due: boolean }>(
    db,
    sql`
    SELECT head.size > 0 AND (
      latest.size IS NULL OR latest.size < head.size OR latest.signed_at < now() - interval '23 hours'
    ) AS due
    FROM transparency_log_head head
    LEFT JOIN LATERAL (SELECT size, signed_at FROM transparency_checkpoints ORDER BY size DESC LIMIT 1) latest ON true
    WHERE head.id = 1`,
  );
  return rows[0]?.due ?? false;
}

interface EntryRow extends Record<string, unknown> {
  seq: string;
  kind: string;
  subject: string;
  record: string;
  leaf_hash: string;
  chain_hash: string;
  created_at: string;
}

const ENTRY_COLUMNS = sql.raw(
  `seq, kind, subject, record, leaf_hash, chain_hash, ${isoText("created_at")} AS created_at`,
);

const toEntry = (row: EntryRow): LogEntry => ({
  seq: Number(row.seq),
  kind: row.kind,
  subject: row.subject,
  record: row.record,
  leafHash: row.leaf_hash,
  chainHash: row.chain_hash,
  createdAt: row.created_at,
});

/** Entries `from` to `to` (inclusive), in order. */
export async function logEntries(db: Queryable, from: number, to: number): Promise<LogEntry[]> {
  const rows = await selectRows<EntryRow>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} FROM transparency_log WHERE seq BETWEEN ${from} AND ${to} ORDER BY seq`,
  );
  return rows.map(toEntry);
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
 * What a verifier needs to see that a code's records are in the log under a signed checkpoint:
 * the chain hash before the code's first entry, every entry from there to the checkpoint's size,
 * and the checkpoint. Recomputing the chain over them must end at the checkpoint's head hash. A
 * checkpoint is signed now if none covers the code's latest entry yet.
 */
export async function logProof(db: Queryable, signing: RecordSigning, token: string) {
  const rows = await selectRows<{ first: string | null; last: string | null }>(
    db,
    sql`
    SELECT min(seq) AS first, max(seq) AS last FROM transparency_log
    WHERE subject = ${token} AND kind = ${LOG_KINDS.certificate}`,
  );
  const first = rows[0]?.first ? Number(rows[0].first) : null;
  const last = rows[0]?.last ? Number(rows[0].last) : null;
  if (first === null || last === null) return null;
  let checkpoint = await firstCheckpointCovering(db, last);
  if (!checkpoint) {
    await signCheckpoint(db, signing);
    checkpoint = await firstCheckpointCovering(db, last);
  }
  if (!checkpoint) throw new Error(`No checkpoint covers log entry ${last}`);
  const [previousHash, entries] = await Promise.all([
    chainHashBefore(db, first),
    logEntries(db, first, checkpoint.size),
  ]);
  return { previousHash, entries, checkpoint };
}

async function firstCheckpointCovering(db: Queryable, seq: number): Promise<Checkpoint | null> {
  const rows = await selectRows<CheckpointRow>(
    db,
    sql`SELECT ${CHECKPOINT_COLUMNS} FROM transparency_checkpoints WHERE size >= ${seq} ORDER BY size LIMIT 1`,
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

/** Records that a key may have been in other hands since `since`; what it signed after is refused. */
export async function markKeyCompromised(db: Queryable, kid: string, since: Date): Promise<boolean> {
  const rows = await selectRows<{ kid: string }>(
    db,
    sql`
    UPDATE signing_keys SET compromised_at = LEAST(coalesce(compromised_at, ${since.toISOString()}::timestamptz), ${since.toISOString()}::timestamptz),
      stopped_at = coalesce(stopped_at, now())
    WHERE kid = ${kid} RETURNING kid`,
  );
  return rows.length > 0;
}
