import { z } from "zod";
import { REGISTER_SOURCE_KINDS } from "../limits/register";
import { VALUER_CHECK_KINDS, VALUER_CHECK_RESULTS } from "../valuer-register";

/** POST /api/admin/register/sources: a register ValuSeal checks valuers against. */
export const newRegisterSourceSchema = z.strictObject({
  jurisdiction: z
    .string({ error: "Enter the country's two-letter code, like KE" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Enter the country's two-letter code, like KE"),
  body: z
    .string({ error: "Enter who keeps the register" })
    .trim()
    .min(3, "Enter who keeps the register")
    .max(200, "At most 200 characters"),
  kind: z.enum(REGISTER_SOURCE_KINDS, { error: "Choose a published list or manual evidence" }),
  // A form's empty field means no address.
  url: z
    .union([
      z.literal("").transform(() => undefined),
      z.url({ error: "Enter the address where the list is published" }).max(500),
    ])
    .optional(),
});
export type NewRegisterSource = z.output<typeof newRegisterSourceSchema>;
export type NewRegisterSourceInput = z.input<typeof newRegisterSourceSchema>;

/** The file's name, in the query of a preview or an import (its bytes are the body). */
const fileName = z.string({ error: "Name the file" }).trim().min(1, "Name the file").max(200, "At most 200 characters");

/**
 * The query of a file upload (its bytes are the body): POST /api/admin/register/sources/{id}/preview?fileName=…
 * and POST /api/valuers/{id}/practising-certificates?fileName=…
 */
export const fileNameQuerySchema = z.strictObject({ fileName });

/** POST /api/admin/register/sources/{id}/snapshots?fileName=…&publishedOn=…&sha256=… */
export const snapshotImportQuerySchema = z.strictObject({
  fileName,
  publishedOn: z.iso.date({ error: "Enter the day the register was published, like 2026-01-15" }),
  sha256: z.string({ error: "Preview the file first" }).regex(/^[0-9a-f]{64}$/, "Preview the file first"),
});

/**
 * The check of the signing valuer's registration frozen on a code at issue (ValuerRegisterCheck,
 * decision 062); null on a code whose valuer ValuSeal had not checked.
 */
export const valuerRegisterCheckSchema = z
  .strictObject({
    result: z.enum(VALUER_CHECK_RESULTS),
    kind: z.enum(VALUER_CHECK_KINDS),
    body: z.string(),
    registrationNumber: z.string(),
    publishedOn: z.iso.date().nullable(),
    reviewedOn: z.iso.date().nullable(),
    validUntil: z.iso.date().nullable(),
    checkedOn: z.iso.date(),
  })
  .nullable()
  .meta({
    description: "What ValuSeal knew of the signing valuer's registration on the day of issue; null: not checked",
  });

/** POST /api/admin/practising-certificates/{id}/review: accepted with the last day it is valid, or rejected with why. */
export const practisingCertificateReviewSchema = z.discriminatedUnion(
  "decision",
  [
    z.strictObject({
      decision: z.literal("accepted"),
      validUntil: z.iso.date({ error: "Enter the last day the certificate is valid, like 2026-12-31" }),
    }),
    z.strictObject({
      decision: z.literal("rejected"),
      reason: z
        .string({ error: "Say why, so the firm can upload the right file" })
        .trim()
        .min(3, "Say why, so the firm can upload the right file")
        .max(500, "At most 500 characters"),
    }),
  ],
  { error: "Choose accept or reject" },
);
export type PractisingCertificateReview = z.output<typeof practisingCertificateReviewSchema>;
export type PractisingCertificateReviewInput = z.input<typeof practisingCertificateReviewSchema>;
