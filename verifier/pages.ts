import { sha256Hex } from "./hashes";

/**
 * A sealed report's page fingerprints (docs/sealed-reports.md), the same in the valuer's browser,
 * the check page, the offline verifier and `npm run verify`: pdf.js 5.6.205 `getTextContent()`
 * with default options, the `str` of every text item concatenated with nothing between them;
 * Unicode NFKC; every whitespace code point removed (PAGE_WHITESPACE); UTF-8; SHA-256; lowercase hex.
 *
 * Whitespace is dropped rather than collapsed because where pdf.js puts spaces and line ends
 * depends on glyph positions, which a re-save or a "print to PDF" can nudge without changing a word.
 */

/** JavaScript's `\s`, written out so another implementation removes exactly the same code points. */
export const PAGE_WHITESPACE = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

export function normalisePageText(itemTexts: readonly string[]): string {
  return itemTexts.join("").normalize("NFKC").replace(PAGE_WHITESPACE, "");
}

/** The part of a pdf.js document the fingerprints read (the browser's and Node's builds alike). */
export interface TextDocument {
  numPages: number;
  getPage(number: number): Promise<{
    getTextContent(): Promise<{ items: readonly object[] }>;
    cleanup(): unknown;
  }>;
}

/** Every page's fingerprint, in order; `onPage` after each (for progress). */
export async function pageFingerprintsOf(
  doc: TextDocument,
  onPage?: (done: number, total: number) => void,
): Promise<string[]> {
  const fingerprints: string[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const page = await doc.getPage(number);
    const { items } = await page.getTextContent();
    const texts = items.map((item) => ("str" in item && typeof item.str === "string" ? item.str : ""));
    fingerprints.push(await sha256Hex(normalisePageText(texts)));
    page.cleanup();
    onPage?.(number, doc.numPages);
  }
  return fingerprints;
}
