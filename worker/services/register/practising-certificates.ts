import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { PRACTISING_CERTIFICATE_TYPES, type PractisingCertificateType } from "#schema/limits/register.ts";
import { companies, practisingCertificates, registerSources, users, valuers } from "#schema/tables.ts";
import type { PractisingCertificateReview } from "#schema/validation/register.ts";
import { normaliseRegistrationNumber } from "#schema/valuer-register.ts";
import type { Queryable, Reader, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { recordAudit, type Actor } from "../companies/audit";
import { rowsOf, type Outbox } from "../integration/webhooks";
import { recheckValuers, REGISTER_JURISDICTION } from "./valuer-checks";

/*
 * Manual evidence while no published list exists (decision 062): the firm uploads each valuer's
 * practising certificate for the year (kept in the EVIDENCE bucket), an administrator reviews it
 * and accepts it with the day it is valid until (31 December of its year) or rejects it with the
 * reason. An accepted certificate is a check of the valuer ("matched" until that day).
 */

export const PRACTISING_CERTIFICATE_NOT_FOUND = "Practising certificate not found";
const VALUER_NOT_FOUND = "Valuer not found";

/** Who keeps the register a practising certificate comes from, when ValuSeal records it the first time. */
const MANUAL_EVIDENCE_BODY = "Valuers Registration Board";

/** The first bytes of each type a practising certificate may be: what the file is, whatever it is called. */
const SIGNATURES: Record<PractisingCertificateType, number[]> = {
  "application/pdf": [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  "image/jpeg": [0xff, 0xd8, 0xff],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

const EXTENSIONS: Record<PractisingCertificateType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** A PDF's last bytes hold its end-of-file marker; a truncated download or a renamed file has none. */
const PDF_END = /%%EOF\s*$/;

/**
 * Refuses a file that is not what it says: an empty one, a type other than PDF, JPEG or PNG, bytes
 * that are not that type's, or a PDF without its end (a truncated download, a renamed file). The
 * PDF is not parsed here: inflating its streams on the request path would let a crafted 8 MB file
 * take gigabytes; the administrator's viewer opens it.
 */
function checkFile(bytes: Uint8Array, contentType: string): PractisingCertificateType {
  const refuse = (reason: string) => new ApiError(400, "Validation failed", [`file: ${reason}`]);
  const type = PRACTISING_CERTIFICATE_TYPES.find((known) => known === contentType);
  if (!type) throw refuse("Upload the certificate as a PDF, or a JPEG or PNG photo of it");
  if (bytes.byteLength === 0) throw refuse("The file is empty");
  if (!startsWith(bytes, SIGNATURES[type])) {
    throw refuse(`This file is not a ${type === "application/pdf" ? "PDF" : type === "image/png" ? "PNG" : "JPEG"}`);
  }
  if (type === "application/pdf" && !PDF_END.test(new TextDecoder("latin1").decode(bytes.subarray(-1024)))) {
    throw refuse("This PDF is incomplete: upload the certificate as the board issued it");
  }
  return type;
}

/** A valuer of the firm, not deleted; their registration number is what the certificate is checked for. */
async function firmValuer(db: Reader, companyId: number, valuerId: number) {
  const [valuer] = await db
    .select({ id: valuers.id, name: valuers.name, registrationNumber: valuers.registrationNumber })
    .from(valuers)
    .where(and(eq(valuers.id, valuerId), eq(valuers.companyId, companyId), isNull(valuers.deletedAt)));
  if (!valuer) throw notFound(VALUER_NOT_FOUND);
  return valuer;
}

/**
 * Keeps a valuer's practising certificate as uploaded: the file in the bucket under a random key,
 * its row (type, size, SHA-256, the valuer's name and number it is for) waiting for review.
 */
export async function uploadPractisingCertificate(
  db: Queryable,
  bucket: R2Bucket,
  upload: { companyId: number; userId: number; valuerId: number; fileName: string; contentType: string },
  bytes: Uint8Array<ArrayBuffer>,
) {
  const valuer = await firmValuer(db, upload.companyId, upload.valuerId);
  if (normaliseRegistrationNumber(valuer.registrationNumber ?? "") === "") {
    throw new ApiError(409, "Add the valuer's registration number first: the certificate is checked against it");
  }
  const contentType = checkFile(bytes, upload.contentType);
  const [waiting] = await db
    .select({ id: practisingCertificates.id })
    .from(practisingCertificates)
    .where(and(eq(practisingCertificates.valuerId, valuer.id), isNull(practisingCertificates.decision)));
  // One waiting per valuer: a flood of uploads cannot bury other firms' in the review queue.
  if (waiting) {
    throw new ApiError(409, "This valuer's practising certificate is waiting for ValuSeal's review", [
      "file: Wait for the review of the one uploaded; you are emailed when it is done",
    ]);
  }
  const objectKey = `practising-certificates/${randomToken(32)}`;
  const sha256 = await sha256Hex(bytes);
  await bucket.put(objectKey, bytes, { httpMetadata: { contentType }, sha256 });
  const [row] = await db
    .insert(practisingCertificates)
    .values({
      valuerId: valuer.id,
      companyId: upload.companyId,
      registrationNumber: valuer.registrationNumber!,
      valuerName: valuer.name,
      objectKey,
      fileName: upload.fileName,
      contentType,
      byteSize: bytes.byteLength,
      sha256,
      uploadedByUserId: upload.userId,
    })
    .returning(certificateColumns);
  return row!;
}

const certificateColumns = {
  id: practisingCertificates.id,
  valuerId: practisingCertificates.valuerId,
  registrationNumber: practisingCertificates.registrationNumber,
  valuerName: practisingCertificates.valuerName,
  fileName: practisingCertificates.fileName,
  contentType: sql<PractisingCertificateType>`${practisingCertificates.contentType}`,
  byteSize: practisingCertificates.byteSize,
  uploadedAt: practisingCertificates.uploadedAt,
  decision: practisingCertificates.decision,
  validUntil: practisingCertificates.validUntil,
  rejectionReason: practisingCertificates.rejectionReason,
  reviewedAt: practisingCertificates.reviewedAt,
};

/** Each valuer's newest upload, for the firm's Valuers screen. */
export async function newestCertificatesOf(db: Queryable, valuerIds: number[]) {
  if (valuerIds.length === 0) return [];
  return db
    .selectDistinctOn([practisingCertificates.valuerId], certificateColumns)
    .from(practisingCertificates)
    .where(inArray(practisingCertificates.valuerId, valuerIds))
    .orderBy(practisingCertificates.valuerId, desc(practisingCertificates.id));
}

/** Uploads waiting for an administrator's review, oldest first, with their firm. */
export async function certificatesToReview(db: Reader) {
  return db
    .select({ ...certificateColumns, companyId: companies.id, companyName: companies.name })
    .from(practisingCertificates)
    .innerJoin(companies, eq(companies.id, practisingCertificates.companyId))
    .where(isNull(practisingCertificates.decision))
    .orderBy(asc(practisingCertificates.uploadedAt), asc(practisingCertificates.id))
    .limit(200);
}

/**
 * The file of an upload, for the administrator reviewing it or the firm that uploaded it
 * (`companyId`); any other firm's is not found.
 */
export async function practisingCertificateFile(db: Reader, bucket: R2Bucket, id: number, companyId?: number) {
  const [row] = await db
    .select({
      objectKey: practisingCertificates.objectKey,
      fileName: practisingCertificates.fileName,
      contentType: practisingCertificates.contentType,
    })
    .from(practisingCertificates)
    .where(
      and(
        eq(practisingCertificates.id, id),
        companyId === undefined ? undefined : eq(practisingCertificates.companyId, companyId),
      ),
    );
  if (!row) throw notFound(PRACTISING_CERTIFICATE_NOT_FOUND);
  const object = await bucket.get(row.objectKey);
  if (!object) throw notFound(PRACTISING_CERTIFICATE_NOT_FOUND);
  // Downloaded under a name of ours with the extension of its checked type, never the uploader's
  // ("certificate.pdf.hta" would open as something else on the reviewer's machine).
  return {
    ...row,
    fileName: `practising-certificate-${id}.${EXTENSIONS[row.contentType as PractisingCertificateType]}`,
    body: object.body,
  };
}

/** The register a practising certificate is evidence of: Kenya's manual-evidence source, recorded the first time. */
async function manualEvidenceSource(db: Queryable, actor: Actor) {
  const [existing] = await db
    .select({ id: registerSources.id })
    .from(registerSources)
    .where(and(eq(registerSources.kind, "manual-evidence"), eq(registerSources.jurisdiction, REGISTER_JURISDICTION)))
    .orderBy(asc(registerSources.id))
    .limit(1);
  if (existing) return existing.id;
  const [added] = await db
    .insert(registerSources)
    .values({
      jurisdiction: REGISTER_JURISDICTION,
      body: MANUAL_EVIDENCE_BODY,
      kind: "manual-evidence",
      createdByUserId: actor.id,
    })
    .returning({ id: registerSources.id });
  return added!.id;
}

/**
 * A practising certificate is accepted from the day of review up to the end of next year at most
 * (one issued in December for the coming year): never already expired, never for years ahead.
 */
function refuseValidUntil(validUntil: string, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const latest = `${now.getUTCFullYear() + 1}-12-31`;
  if (validUntil < today) {
    throw new ApiError(422, "An expired practising certificate cannot be accepted", [
      "validUntil: Choose today or later; reject the file if the certificate has expired",
    ]);
  }
  if (validUntil > latest) {
    throw new ApiError(422, "A practising certificate is renewed every year", [
      `validUntil: Choose ${latest} or earlier`,
    ]);
  }
}

/**
 * An administrator's review, once: accepted with the day the certificate is valid until (the
 * valuer is checked again at once, so the next code they sign carries it), or rejected with the
 * reason. The firm's owner is emailed either way; audited.
 */
export async function reviewPractisingCertificate(
  db: TransactionalDatabase,
  outbox: Outbox,
  actor: Actor,
  id: number,
  review: PractisingCertificateReview,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: practisingCertificates.id,
        valuerId: practisingCertificates.valuerId,
        valuerName: practisingCertificates.valuerName,
        decision: practisingCertificates.decision,
        companyName: companies.name,
        ownerEmail: users.email,
      })
      .from(practisingCertificates)
      .innerJoin(companies, eq(companies.id, practisingCertificates.companyId))
      .leftJoin(users, eq(users.id, companies.ownerId))
      .where(eq(practisingCertificates.id, id))
      .for("update", { of: practisingCertificates });
    if (!row) throw notFound(PRACTISING_CERTIFICATE_NOT_FOUND);
    if (row.decision) throw new ApiError(409, `This practising certificate was already ${row.decision}`);
    if (review.decision === "accepted") refuseValidUntil(review.validUntil, new Date());
    if (review.decision === "accepted") await manualEvidenceSource(tx, actor);
    await tx
      .update(practisingCertificates)
      .set({
        decision: review.decision,
        validUntil: review.decision === "accepted" ? review.validUntil : null,
        rejectionReason: review.decision === "rejected" ? review.reason : null,
        reviewedByUserId: actor.id,
        reviewedAt: sql`now()`,
      })
      .where(eq(practisingCertificates.id, id));
    if (review.decision === "accepted") await recheckValuers(tx, [row.valuerId]);
    await recordAudit(tx, actor, [
      {
        action: "platform.practising_certificate_reviewed",
        targetType: "register",
        targetId: id,
        details: { ...review, valuerId: row.valuerId },
      },
    ]);
    if (row.ownerEmail) {
      const email: EmailMessage = {
        kind: "practising-certificate-reviewed",
        to: row.ownerEmail,
        companyName: row.companyName,
        valuerName: row.valuerName,
        decision: review.decision,
        validUntil: review.decision === "accepted" ? review.validUntil : null,
        reason: review.decision === "rejected" ? review.reason : null,
      };
      outbox.emails.push(email);
    }
    return { id, decision: review.decision };
  });
}

/**
 * The December reminder (run hourly; acts only in December): the owner of each firm whose valuers'
 * practising certificates, as ValuSeal holds them, expire at the end of the year is emailed once
 * per valuer and year, naming them, unless a newer certificate was uploaded or accepted already.
 * The reminder rows are written first (once each, whoever runs at the same time), then the emails
 * are sent; answers how many valuers were named.
 */
export async function remindPractisingCertificates(
  db: Queryable,
  now: Date,
  send: (messages: EmailMessage[]) => Promise<void>,
): Promise<number> {
  if (now.getUTCMonth() !== 11) return 0;
  const year = now.getUTCFullYear();
  const yearEnd = `${year}-12-31`;
  const due = await db.execute(sql`
    WITH due AS (
      SELECT v.id, v.name, company.name AS company_name, owner.email AS owner_email, c.valid_until
      FROM ${valuers} v
      JOIN ${companies} company ON company.id = v.company_id AND company.is_active
      JOIN ${users} owner ON owner.id = company.owner_id
      JOIN LATERAL (
        SELECT newest.kind, newest.valid_until FROM valuer_checks newest
        WHERE newest.valuer_id = v.id AND newest.registration_number = v.registration_number
          AND newest.valuer_name = v.name
        ORDER BY newest.id DESC LIMIT 1
      ) c ON c.kind = 'manual-evidence' AND c.valid_until BETWEEN ${`${year}-12-01`}::date AND ${yearEnd}::date
      WHERE v.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${practisingCertificates} newer WHERE newer.valuer_id = v.id
          AND (newer.decision IS NULL OR newer.valid_until > ${yearEnd}::date))
    ), reminded AS (
      INSERT INTO practising_certificate_reminders (valuer_id, year)
      SELECT id, ${year} FROM due
      ON CONFLICT DO NOTHING
      RETURNING valuer_id
    )
    SELECT due.id AS valuer_id, due.name AS valuer_name, due.company_name, due.owner_email,
      due.valid_until::text AS valid_until
    FROM due JOIN reminded ON reminded.valuer_id = due.id
    ORDER BY due.owner_email, due.name`);
  const rows = rowsOf<{ valuer_name: string; company_name: string; owner_email: string; valid_until: string }>(due);
  const byOwner = new Map<string, typeof rows>();
  for (const row of rows) byOwner.set(row.owner_email, [...(byOwner.get(row.owner_email) ?? []), row]);
  await send(
    [...byOwner].map(([to, valuersDue]) => ({
      kind: "practising-certificate-reminder" as const,
      to,
      companyName: valuersDue[0]!.company_name,
      valuers: valuersDue.map((row) => row.valuer_name),
      expiresOn: valuersDue.map((row) => row.valid_until).sort()[0]!,
    })),
  );
  return rows.length;
}
