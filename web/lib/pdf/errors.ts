/** A PDF we will not seal or check, with the reason in words the valuer can act on. */
export class PdfRefusedError extends Error {
  override name = "PdfRefusedError";
}
