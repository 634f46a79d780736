import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { ReportFingerprint } from "./report";
import { sha256Hex } from "./hashes";
import { pageFingerprintsOf, type TextDocument } from "./pages";

/** A PDF's file digest and page fingerprints in Node, with pdf.js's Node build (the same algorithm). */
export async function fingerprintPdf(bytes: Uint8Array): Promise<ReportFingerprint> {
  const sha256 = await sha256Hex(bytes);
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return { sha256, pageFingerprints: await pageFingerprintsOf(doc as unknown as TextDocument) };
  } finally {
    await doc.destroy();
  }
}
