import { PDFDocument } from "@cantoo/pdf-lib";
import { decodeJwt } from "jose";
import { SIGNED_RECORD_ATTACHMENT } from "../schema/signed-record-file";
import { REPORT_FILE_MAX_BYTES } from "../schema/validation/seals";
import { sha256Hex } from "./hashes";

/**
 * The signed record travels inside the sealed PDF as an attachment (an embedded file), added as an
 * incremental update: the sealed file's bytes stay untouched at the start of the delivered file, so
 * the SHA-256 the record holds is still checkable. A verifier takes the file apart again only when
 * the part after the sealed bytes is exactly what `attachSignedRecord` writes for that record:
 * anything else appended (a changed page, a script) makes the file an ordinary copy, compared page
 * by page. Attaching is deterministic (the attachment's dates are the record's signing time), so
 * the browser that seals and any verifier produce the same bytes. This module loads the PDF
 * library: verifiers reach it (verifier/report-file.ts) only for a file that carries a record.
 */
const PDF_END = new TextEncoder().encode("%%EOF");

interface RecordFileText {
  record: string;
}

function signingTimeOf(recordFileText: string): Date {
  const { record } = JSON.parse(recordFileText) as RecordFileText;
  const { iat } = decodeJwt(record);
  if (typeof iat !== "number") throw new Error("The signed record has no signing time");
  return new Date(iat * 1000);
}

/** The sealed PDF with the signed record file attached as `name` (see SIGNED_RECORD_ATTACHMENT). */
export async function attachSignedRecord(
  sealed: Uint8Array,
  recordFileText: string,
  name: string,
): Promise<Uint8Array> {
  if (!SIGNED_RECORD_ATTACHMENT.namePattern.test(name)) throw new Error(`"${name}" is not a signed record's name`);
  const signedAt = signingTimeOf(recordFileText);
  const doc = await PDFDocument.load(sealed, { updateMetadata: false, forIncrementalUpdate: true });
  await doc.attach(new TextEncoder().encode(recordFileText), name, {
    mimeType: SIGNED_RECORD_ATTACHMENT.mimeType,
    description: SIGNED_RECORD_ATTACHMENT.description,
    creationDate: signedAt,
    modificationDate: signedAt,
  });
  return doc.commit();
}

/** Where the "%%EOF" before the file's last one ends, with and without the line end after it. */
function earlierEnds(bytes: Uint8Array): number[] {
  const markers: number[] = [];
  for (let at = bytes.length - PDF_END.length; at >= 0; at -= 1) {
    if (PDF_END.every((byte, offset) => bytes[at + offset] === byte) && markers.push(at) === 2) break;
  }
  return markers.slice(1).flatMap((at) => {
    const end = at + PDF_END.length;
    let withLineEnd = end;
    if (bytes[withLineEnd] === 0x0d) withLineEnd += 1;
    if (bytes[withLineEnd] === 0x0a) withLineEnd += 1;
    return withLineEnd === end ? [end] : [end, withLineEnd];
  });
}

/**
 * The sealed file inside `bytes`, when `bytes` is exactly that file with `recordFileText` attached
 * as `name` by attachSignedRecord; null when it is anything else. Only the last incremental update
 * is considered: the attachment is the one update a sealed report receives.
 */
export async function sealedPartOf(
  bytes: Uint8Array,
  recordFileText: string,
  name: string,
): Promise<Uint8Array | null> {
  // A delivered file is the sealed file (SEAL_MAX_BYTES at most) and a record of a few kilobytes.
  if (bytes.length > REPORT_FILE_MAX_BYTES) return null;
  const digests = sealedDigestsNamedIn(recordFileText);
  // The update is the file's last section: its start is just after the previous "%%EOF". Only a
  // prefix whose digest a record names is rebuilt, so the PDF library only ever parses a file that
  // was registered as sealed, never whatever a stranger appended.
  for (const end of earlierEnds(bytes).slice(0, 2)) {
    const candidate = bytes.subarray(0, end);
    if (!digests.has(await sha256Hex(candidate))) continue;
    let rebuilt: Uint8Array;
    try {
      rebuilt = await attachSignedRecord(candidate, recordFileText, name);
    } catch {
      continue;
    }
    if (rebuilt.length === bytes.length && rebuilt.every((byte, index) => byte === bytes[index])) return candidate;
  }
  return null;
}

/** The sealed-file digests the record file's records name (read, not yet verified: a filter only). */
function sealedDigestsNamedIn(recordFileText: string): Set<string> {
  const digests = new Set<string>();
  try {
    const { record, history } = JSON.parse(recordFileText) as { record?: unknown; history?: unknown };
    for (const jws of [record, ...(Array.isArray(history) ? history : [])]) {
      if (typeof jws !== "string") continue;
      const sealed = (decodeJwt(jws) as { sealedReport?: { sha256?: unknown } | null }).sealedReport;
      if (typeof sealed?.sha256 === "string") digests.add(sealed.sha256);
    }
  } catch {
    // Not a record file: nothing to look for.
  }
  return digests;
}
