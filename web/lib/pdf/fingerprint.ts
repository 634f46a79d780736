import type { PDFDocumentProxy } from "pdfjs-dist";
import { SEALED_PDF_INFO_KEY } from "../../../schema/validation/seals";
import { openWithPdfjs } from "./pdfjs";

/** What a check sends (the file's SHA-256 and each page's fingerprint) and the address the file names. */
export interface CopyFingerprint {
  sha256: string;
  pageFingerprints: string[];
  /** The verification address the sealer wrote into the Info dictionary; null for other PDFs. */
  verificationAddress: string | null;
}

const toHex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
}

/**
 * A page's text as it is fingerprinted (docs/sealed-reports.md): the text items in pdf.js's order,
 * joined with nothing, in Unicode NFKC (so a ligature "ﬁ" and "fi" agree), with every white-space
 * character removed (viewers that re-save a PDF often re-space or re-break its text).
 */
export const normalisePageText = (items: string[]) =>
  items
    .join("")
    .normalize("NFKC")
    .replace(/[\s\u200b\ufeff]+/gu, "");

/** Each page's fingerprint, in page order: SHA-256 of the UTF-8 of its normalised text. */
export async function pageFingerprints(
  document: PDFDocumentProxy,
  onProgress?: (done: number, total: number) => void,
): Promise<string[]> {
  const fingerprints: string[] = [];
  const encoder = new TextEncoder();
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = normalisePageText(content.items.map((item) => ("str" in item ? item.str : "")));
    fingerprints.push(await sha256Hex(encoder.encode(text)));
    page.cleanup();
    onProgress?.(number, document.numPages);
  }
  return fingerprints;
}

/** The address a sealed PDF names in its Info dictionary (`ValuSealVerification`), if any. */
async function verificationAddressOf(document: PDFDocumentProxy): Promise<string | null> {
  const { info } = (await document.getMetadata()) as { info?: { Custom?: Record<string, unknown> } };
  const address = info?.Custom?.[SEALED_PDF_INFO_KEY];
  return typeof address === "string" && address ? address : null;
}

/** Fingerprints a PDF in the browser, as a check does; the file is never sent anywhere. */
export async function fingerprintReport(
  file: ArrayBuffer,
  onProgress?: (done: number, total: number) => void,
): Promise<CopyFingerprint> {
  const bytes = new Uint8Array(file);
  const [sha256, document] = await Promise.all([sha256Hex(bytes), openWithPdfjs(bytes)]);
  try {
    return {
      sha256,
      pageFingerprints: await pageFingerprints(document, onProgress),
      verificationAddress: await verificationAddressOf(document),
    };
  } finally {
    await document.destroy();
  }
}

/** Draws one page (page 1 by default) into the canvas at the given CSS width, sharp on high-density screens. */
export async function renderPagePreview(
  file: ArrayBuffer,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  pageNumber = 1,
): Promise<void> {
  const document = await openWithPdfjs(new Uint8Array(file));
  try {
    const page = await document.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    await page.render({ canvas, viewport }).promise;
  } finally {
    await document.destroy();
  }
}
