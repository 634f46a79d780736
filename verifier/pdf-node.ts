import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { readReport, refuseOversizedReport, type ReadReport, type ReportDocument } from "./report-file";

/** A report PDF as verifiers read it (verifier/report-file.ts), in Node with pdf.js's Node build (the same algorithm). */
export async function readReportPdf(bytes: Uint8Array): Promise<ReadReport> {
  refuseOversizedReport(bytes);
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return await readReport(bytes, doc as unknown as ReportDocument);
  } finally {
    await doc.destroy();
  }
}
