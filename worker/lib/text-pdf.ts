/**
 * A one-page PDF of left-aligned lines of text in Helvetica, as a receipt needs: the fonts are
 * two of the fourteen every PDF reader has (nothing embedded), the text is WinAnsi-encoded, so
 * `pdftotext` and a person read the same words. Written here rather than with pdf-lib, whose 570 KB
 * (standard-font metrics and a deflate library for features a receipt never uses) were a quarter of
 * the Worker's upload (decision 074). It measures no text and wraps none: the caller places lines.
 */

/** One line of text, placed by its baseline's start, in points from the page's bottom left. */
export interface PdfLine {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  text: string;
}

export interface PdfPage {
  width: number;
  height: number;
}

export interface PdfInfo {
  title: string;
  creator: string;
  /** The document's creation and modification date. */
  date: Date;
}

/** Unicode characters WinAnsiEncoding places in 0x80–0x9F (the rest of 0x20–0xFF is Latin-1's). */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88,
  "‰": 0x89, "Š": 0x8a, "‹": 0x8b, "Œ": 0x8c, "Ž": 0x8e, "‘": 0x91, "’": 0x92, "“": 0x93,
  "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97, "˜": 0x98, "™": 0x99, "š": 0x9a, "›": 0x9b,
  "œ": 0x9c, "ž": 0x9e, "Ÿ": 0x9f,
}; // prettier-ignore

const QUESTION_MARK = 0x3f;

/**
 * The text's WinAnsi bytes. A character the standard fonts cannot draw (another script, an emoji,
 * a control character) becomes "?", so such a name never stops a document being made.
 */
export function winAnsiBytes(text: string): number[] {
  return [...text].map((character) => {
    const code = character.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
    return WIN_ANSI_EXTRAS[character] ?? QUESTION_MARK;
  });
}

const hex = (bytes: number[]) => bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** A text string of the document's information, as UTF-16BE with its byte-order mark: any character. */
function infoString(text: string) {
  const units = Array.from({ length: text.length }, (_, index) => text.charCodeAt(index));
  return `<FEFF${hex(units.flatMap((unit) => [unit >> 8, unit & 0xff]))}>`;
}

/** "D:20261207150400Z" */
const pdfDate = (date: Date) => `(D:${date.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z)`;

/** Coordinates with at most two decimals, as PDF numbers (never exponents). */
const number = (value: number) => String(Math.round(value * 100) / 100);

/** The ink of every line: near-black, as the receipt has always been printed. */
const INK = "0.1 0.1 0.12 rg";

export function textPdf(page: PdfPage, lines: PdfLine[], info: PdfInfo): Uint8Array {
  const content = lines
    .map(
      (line) =>
        `BT /${line.bold ? "F2" : "F1"} ${number(line.size)} Tf ${INK} ` +
        `${number(line.x)} ${number(line.y)} Td <${hex(winAnsiBytes(line.text))}> Tj ET`,
    )
    .join("\n");
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${number(page.width)} ${number(page.height)}] ` +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    font("Helvetica"),
    font("Helvetica-Bold"),
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${infoString(info.title)} /Creator ${infoString(info.creator)} /Producer ${infoString(info.creator)} ` +
      `/CreationDate ${pdfDate(info.date)} /ModDate ${pdfDate(info.date)} >>`,
  ];
  // Everything written is ASCII, so a character's index is its byte offset, as the cross-reference table needs.
  let file = "%PDF-1.4\n";
  const offsets = objects.map((body, index) => {
    const offset = file.length;
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = file.length;
  file +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(file);
}
