import { z } from "zod";
import {
  PRACTISING_CERTIFICATE_DECISIONS,
  PRACTISING_CERTIFICATE_TYPES,
  REGISTER_SOURCE_KINDS,
} from "../limits/register";
import { valuerRegisterCheckSchema } from "../validation/register";
import { timestamp } from "./fields";

const isoDay = z.string().meta({ example: "2026-01-15" });

/** GET /api/admin/register: each register with its snapshots, newest first. */
export const registerOverviewAnswer = z.strictObject({
  sources: z.array(
    z.strictObject({
      id: z.number().int().positive(),
      jurisdiction: z.string(),
      body: z.string(),
      kind: z.enum(REGISTER_SOURCE_KINDS),
      url: z.string().nullable(),
      snapshots: z.array(
        z.strictObject({
          id: z.number().int().positive(),
          sourceId: z.number().int().positive(),
          publishedOn: isoDay,
          fileName: z.string(),
          fileSha256: z.string(),
          rowCount: z.number().int().nonnegative(),
          importedAt: timestamp,
        }),
      ),
    }),
  ),
});

const listedChange = z.strictObject({
  registrationNumber: z.string(),
  name: z.string(),
  previousName: z.string().optional(),
  note: z.string().optional(),
});

/** A snapshot's preview (snapshotId null: nothing written) or its import: what it changes against the newest one. */
export const snapshotDiffAnswer = z.strictObject({
  snapshotId: z.number().int().positive().nullable(),
  fileSha256: z.string().meta({ description: "SHA-256 of the file, hex: the import names the file previewed by it" }),
  rowCount: z.number().int().nonnegative(),
  previousPublishedOn: isoDay.nullable(),
  added: z.array(listedChange),
  changed: z.array(listedChange),
  removed: z.array(listedChange),
  suspended: z.array(listedChange),
});

/** A practising certificate as uploaded, and its review once made. */
export const practisingCertificateAnswer = z.strictObject({
  id: z.number().int().positive(),
  valuerId: z.number().int().positive(),
  registrationNumber: z.string(),
  valuerName: z.string(),
  fileName: z.string(),
  contentType: z.enum(PRACTISING_CERTIFICATE_TYPES),
  byteSize: z.number().int().positive(),
  uploadedAt: timestamp,
  decision: z.enum(PRACTISING_CERTIFICATE_DECISIONS).nullable().meta({ description: "Null while waiting for review" }),
  validUntil: isoDay.nullable(),
  rejectionReason: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
});

/** GET /api/valuers/register: each valuer's check as a code issued today would freeze it, and their newest upload. */
export const valuerRegisterAnswer = z.strictObject({
  valuers: z.array(
    z.strictObject({
      valuerId: z.number().int().positive(),
      check: valuerRegisterCheckSchema,
      practisingCertificate: practisingCertificateAnswer.nullable(),
    }),
  ),
});

/** GET /api/admin/practising-certificates: uploads waiting for review, oldest first. */
export const practisingCertificatesToReviewAnswer = z.strictObject({
  waiting: z.array(
    practisingCertificateAnswer.extend({ companyId: z.number().int().positive(), companyName: z.string() }),
  ),
});
