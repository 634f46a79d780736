import { SIGNED_RECORD_ATTACHMENT } from "../schema/signed-record-file";
import { REPORT_FILE_MAX_BYTES, SEAL_MAX_BYTES, SEAL_MAX_PAGES } from "../schema/validation/seals";
import { sha256Hex } from "./hashes";
import { pageFingerprintsOf, type TextDocument } from "./pages";
import type { ReportFingerprint } from "./judge";

/** A PDF opened with pdf.js, as far as reading a report needs it. */
export interface ReportDocument extends TextDocument {
  getAttachments(): Promise<Record<string, { filename: string; content: Uint8Array }> | null>;
}

export interface ReadReport extends ReportFingerprint {
  /** The signed record file the PDF carries as an attachment (verifier/attachment.ts), as text. */
  attachedRecord: string | null;
}

/**
 * A file no sealed report can be, refused before pdf.js parses it (its size) or reads its pages and
 * attachments (its page count): a hostile file cannot make a verifier read forever.
 */
export class ReportTooLargeError extends Error {
  constructor(readonly limit: "bytes" | "pages") {
    super(
      limit === "bytes"
        ? `This file is larger than ${SEAL_MAX_BYTES / 1024 / 1024} MB with its signed record, so it is not a ValuSeal sealed report.`
        : `This PDF has more than ${SEAL_MAX_PAGES} pages, the most a sealed report has, so it is not a ValuSeal sealed report.`,
    );
    this.name = "ReportTooLargeError";
  }
}

/** Refuses a file too large to be a sealed report; call before any PDF library opens it. */
export function refuseOversizedReport(bytes: Uint8Array): void {
  if (bytes.length > REPORT_FILE_MAX_BYTES) throw new ReportTooLargeError("bytes");
}

/**
 * What every verifier reads from a report PDF: its pages' fingerprints, the signed record it
 * carries, and the digest to compare with the record's. For a sealed report delivered with its
 * record attached, that digest is the sealed file's (the bytes before the attachment), provided
 * the rest of the file is exactly the attachment; for any other file, the whole file's.
 */
export async function readReport(
  bytes: Uint8Array,
  doc: ReportDocument,
  onPage?: (done: number, total: number) => void,
): Promise<ReadReport> {
  refuseOversizedReport(bytes);
  if (doc.numPages > SEAL_MAX_PAGES) throw new ReportTooLargeError("pages");
  const pageFingerprints = await pageFingerprintsOf(doc, onPage);
  const attachment = Object.values((await doc.getAttachments()) ?? {}).find((candidate) =>
    SIGNED_RECORD_ATTACHMENT.namePattern.test(candidate.filename),
  );
  if (!attachment) return { sha256: await sha256Hex(bytes), pageFingerprints, attachedRecord: null };
  const attachedRecord = new TextDecoder().decode(attachment.content);
  const { sealedPartOf } = await import("./attachment");
  const sealed = await sealedPartOf(bytes, attachedRecord, attachment.filename);
  return { sha256: await sha256Hex(sealed ?? bytes), pageFingerprints, attachedRecord };
}
