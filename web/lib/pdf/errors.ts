/**
 * A PDF the browser will not seal or check, with a message written for the person who chose it
 * (shown as it is). Anything else thrown by the PDF libraries is a bug or an unreadable file.
 */
export class PdfRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfRefusedError";
  }
}

export const REFUSAL = {
  notPdf: "This file is not a PDF, or it is damaged and cannot be read. Choose the final report as a PDF file.",
  encrypted:
    "This PDF is password-protected or restricted. Save an unprotected copy of the final report and seal that.",
  signed:
    "This PDF is digitally signed; stamping it would invalidate the signature. Seal the unsigned final version, then sign it.",
} as const;
