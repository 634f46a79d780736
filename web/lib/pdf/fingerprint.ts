import { SEAL_MAX_PAGES, SEALED_PDF_INFO_KEY } from "#schema/validation/seals.ts";
import { PdfRefusedError } from "./errors";
import { openWithPdfJs } from "./pdfjs";
import { readReport, refuseOversizedReport, ReportTooLargeError } from "#verifier/report-file.ts";

/** A report verifiers refuse for its size, said to the person who chose it. */
const refusal = (error: unknown) => (error instanceof ReportTooLargeError ? new PdfRefusedError(error.message) : error);

/**
 * A report's fingerprints, computed in the browser from its bytes (the file never leaves it): the
 * file's SHA-256 and each page's fingerprint, by the public algorithm every verifier shares
 * (verifier/pages.ts, docs/sealed-reports.md), so a lender can compute the same values.
 */
export interface CopyFingerprint {
  sha256: string;
  pageFingerprints: string[];
  /** The verification address the sealing wrote in the Info dictionary, if the file carries one. */
  verificationAddress: string | null;
}

/**
 * The fingerprints and the Info dictionary's verification address, read with pdf.js. A sealed
 * report delivered with its signed record attached has the digest of the file as sealed
 * (verifier/report-file.ts), so the delivered file matches its seal exactly.
 */
export async function fingerprintReport(
  file: ArrayBuffer | Uint8Array,
  onProgress?: (done: number, total: number) => void,
): Promise<CopyFingerprint> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  try {
    refuseOversizedReport(bytes);
  } catch (error) {
    throw refusal(error);
  }
  const doc = await openWithPdfJs(bytes);
  try {
    onProgress?.(0, Math.min(doc.numPages, SEAL_MAX_PAGES));
    // No sealed report is longer, and the API takes no more fingerprints than this: refused before any page is read.
    const { sha256, pageFingerprints } = await readReport(bytes, doc, onProgress).catch((error: unknown) => {
      throw refusal(error);
    });
    const { info } = await doc.getMetadata();
    const custom = (info as { Custom?: Record<string, unknown> } | null)?.Custom;
    const address = custom?.[SEALED_PDF_INFO_KEY];
    return { sha256, pageFingerprints, verificationAddress: typeof address === "string" && address ? address : null };
  } finally {
    await doc.destroy();
  }
}

/**
 * Draws one page (the first by default) to fit `cssWidth` CSS pixels, sharp on high-density
 * screens: the valuer sees where the stamp landed before downloading.
 */
export async function renderPagePreview(
  file: ArrayBuffer,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  pageNumber = 1,
): Promise<void> {
  const doc = await openWithPdfJs(new Uint8Array(file));
  try {
    const page = await doc.getPage(pageNumber);
    const scale = cssWidth / page.getViewport({ scale: 1 }).width;
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scale * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    // Set through the CSSOM, which the CSP allows (it refuses inline style attributes only).
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    await page.render({ canvas, viewport }).promise;
    page.cleanup();
  } finally {
    await doc.destroy();
  }
}
