import type * as PdfJs from "pdfjs-dist";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { PdfRefusedError } from "./errors";

let loaded: Promise<typeof PdfJs> | undefined;

/**
 * pdf.js, loaded on first use only (it is about 120 KB gzipped plus a 370 KB worker, and only the
 * sealing and checking screens need it). The worker is a file of this origin, which the
 * Content-Security-Policy (script-src 'self') allows; a cross-origin one would be wrapped in a
 * blob: URL that the policy refuses.
 */
export function loadPdfjs(): Promise<typeof PdfJs> {
  loaded ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return loaded;
}

/**
 * Opens a PDF with pdf.js. It is given a copy: pdf.js hands its input to the worker, which leaves
 * the caller's buffer empty. `isEvalSupported: false` because the policy forbids eval, so pdf.js
 * never tries it.
 */
export async function openWithPdfjs(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  try {
    return await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    if ((error as { name?: string }).name === "PasswordException") {
      throw new PdfRefusedError("This PDF is password-protected. Save a copy without a password and choose that.");
    }
    throw new PdfRefusedError("This file could not be read as a PDF.");
  }
}
