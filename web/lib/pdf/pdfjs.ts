import type { PDFDocumentProxy } from "pdfjs-dist";
import { PdfRefusedError, REFUSAL } from "./errors";

type PdfJs = typeof import("pdfjs-dist");

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js, loaded on first use only (it never belongs in the landing page's bundle), with its
 * worker as a module served from this origin: our CSP (script-src 'self', no worker-src) refuses
 * the blob: wrapper pdf.js builds for a worker on another origin.
 */
function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return loading;
}

/**
 * Opens a PDF with pdf.js. The bytes are copied because pdf.js transfers (detaches) the buffer it is
 * given, and callers still need theirs. Eval stays off: the CSP forbids it, and pdf.js would
 * otherwise probe for it.
 */
export async function openWithPdfJs(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  try {
    return await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === "PasswordException") throw new PdfRefusedError(REFUSAL.encrypted);
    if (name === "InvalidPDFException" || name === "FormatError") throw new PdfRefusedError(REFUSAL.notPdf);
    throw error;
  }
}
