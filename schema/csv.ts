/** CSV as the app writes it (exports, and the files the browser makes), shared by the Worker and the SPA. */

export type CsvCell = string | number | boolean | null;

/** What a spreadsheet reads as the start of a formula, after any leading spaces or line breaks. */
const FORMULA_START = /^[\s\u00A0]*[=+\-@]|^[\t\r]/;

/**
 * One CSV field (RFC 4180). Text is always quoted, so a separator inside it (a comma, or the
 * semicolon some locales split on) never starts a new cell; text a person typed that a spreadsheet
 * would run as a formula is prefixed with an apostrophe, so opening an export never runs what
 * someone wrote into an address or a reason. Numbers and booleans are written bare.
 */
export function csvField(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
