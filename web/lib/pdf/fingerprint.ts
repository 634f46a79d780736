import { SEAL_MAX_PAGES, SEALED_PDF_INFO_KEY } from "../../../schema/validation/seals";
import { PdfRefusedError } from "./errors";
import { openWithPdfJs } from "./pdfjs";

/**
 * A report's fingerprints, computed in the browser from its bytes (the file never leaves it). The
 * algorithm is public (docs/sealed-reports.md) so a lender can compute the same values:
 *
 * 1. the file: SHA-256 of its bytes, lowercase hex;
 * 2. each page, in order: pdf.js 5.6.205 `getTextContent()` with default options, the `str` of
 *    every text item concatenated with nothing between them; Unicode NFKC; every whitespace code
 *    point removed (PAGE_WHITESPACE); UTF-8; SHA-256; lowercase hex.
 *
 * Whitespace is dropped rather than collapsed because where pdf.js puts spaces and line ends
 * depends on glyph positions, which a re-save or a "print to PDF" can nudge without changing a word.
 */
export interface CopyFingerprint {
  sha256: string;
  pageFingerprints: string[];
  /** The verification address the sealing wrote in the Info dictionary, if the file carries one. */
  verificationAddress: string | null;
}

/** JavaScript's `\s`, written out so another implementation removes exactly the same code points. */
export const PAGE_WHITESPACE = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

export function normalisePageText(itemTexts: readonly string[]): string {
  return itemTexts.join("").normalize("NFKC").replace(PAGE_WHITESPACE, "");
}

const toHex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

const encoder = new TextEncoder();

/** The page fingerprints and the Info dictionary's verification address, read with pdf.js. */
export async function readPages(
  bytes: Uint8Array,
  onProgress?: (done: number, total: number) => void,
): Promise<{ pageFingerprints: string[]; verificationAddress: string | null }> {
  const doc = await openWithPdfJs(bytes);
  try {
    const total = doc.numPages;
    // No sealed report is longer, and the API takes no more fingerprints than this.
    if (total > SEAL_MAX_PAGES) {
      throw new PdfRefusedError(
        `This PDF has ${total} pages; a sealed report has at most ${SEAL_MAX_PAGES}, so it is not a ValuSeal sealed report.`,
      );
    }
    onProgress?.(0, total);
    const pageFingerprints: string[] = [];
    for (let number = 1; number <= total; number += 1) {
      const page = await doc.getPage(number);
      const { items } = await page.getTextContent();
      const text = normalisePageText(items.map((item) => ("str" in item ? item.str : "")));
      pageFingerprints.push(await sha256Hex(encoder.encode(text)));
      page.cleanup();
      onProgress?.(number, total);
    }
    const { info } = await doc.getMetadata();
    const custom = (info as { Custom?: Record<string, unknown> } | null)?.Custom;
    const address = custom?.[SEALED_PDF_INFO_KEY];
    return { pageFingerprints, verificationAddress: typeof address === "string" && address ? address : null };
  } finally {
    await doc.destroy();
  }
}

export async function fingerprintReport(
  file: ArrayBuffer,
  onProgress?: (done: number, total: number) => void,
): Promise<CopyFingerprint> {
  const bytes = new Uint8Array(file);
  const sha256 = await sha256Hex(bytes);
  const pages = await readPages(bytes, onProgress);
  return { sha256, ...pages };
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
