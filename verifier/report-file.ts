import { SIGNED_RECORD_ATTACHMENT } from "../schema/signed-record-file";
import { sha256Hex } from "./hashes";
import { pageFingerprintsOf, type TextDocument } from "./pages";
import type { ReportFingerprint } from "./report";

/** A PDF opened with pdf.js, as far as reading a report needs it. */
export interface ReportDocument extends TextDocument {
  getAttachments(): Promise<Record<string, { filename: string; content: Uint8Array }> | null>;
}

export interface ReadReport extends ReportFingerprint {
  /** The signed record file the PDF carries as an attachment (verifier/attachment.ts), as text. */
  attachedRecord: string | null;
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
