import { z } from "zod";

/** The largest report a valuer can seal in the browser, and the most pages (also the most a check may name). */
export const SEAL_MAX_BYTES = 50 * 1024 * 1024;
export const SEAL_MAX_PAGES = 300;
/** A delivered sealed report: the sealed file and the signed record attached to it (a few kilobytes; room for 1 MiB). */
export const REPORT_FILE_MAX_BYTES = SEAL_MAX_BYTES + 1024 * 1024;
/** Sealed versions a code keeps: a corrected report is sealed again, but a check reads them all. */
export const SEAL_MAX_VERSIONS = 50;
/** The stamp's printed size: at least 18 mm (the QR alone, its 4-module quiet zone around it), at most 40 mm. */
export const STAMP_MIN_MM = 18;
export const STAMP_MAX_MM = 40;
export const STAMP_DEFAULT_MM = 22;
export const STAMP_CORNERS = ["bottom-right", "bottom-left", "top-right", "top-left"] as const;
export type StampCorner = (typeof STAMP_CORNERS)[number];

/** The key in a sealed PDF's Info dictionary that holds the code's verification address. */
export const SEALED_PDF_INFO_KEY = "ValuSealVerification";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 digest: 64 lowercase hexadecimal characters");

/**
 * What a browser computes from a PDF (docs/sealed-reports.md): the file's SHA-256 and one
 * fingerprint per page, in page order. The file itself never leaves the browser.
 */
export const reportFingerprintSchema = z
  .object({
    sha256: sha256Hex,
    pageFingerprints: z
      .array(sha256Hex)
      .min(1, "A report has at least one page")
      .max(SEAL_MAX_PAGES, `A report has at most ${SEAL_MAX_PAGES} pages`),
  })
  .strict();
export type ReportFingerprint = z.infer<typeof reportFingerprintSchema>;

/** POST /api/qr-codes/:id/seals: a sealed file's fingerprints, registered as the code's next version. */
export const sealRegistrationSchema = reportFingerprintSchema;
/** POST /api/public/certificates/:token/check: a copy's fingerprints, checked against the code's seals. */
export const copyCheckSchema = reportFingerprintSchema;
