import { unzipSync } from "fflate";

/*
 * The first sheet of an Excel workbook (.xlsx: Office Open XML, a ZIP of XML parts) as rows of
 * text cells, for an import that also takes CSV. Only what a list needs is read: shared strings,
 * inline strings, numbers and formulas (a formula is returned as "=" and its text, so the caller
 * refuses it as it refuses one in a CSV). The parts are machine-written XML of a fixed shape, read
 * with patterns rather than a DOM (the Worker has none).
 */

export class WorkbookError extends Error {}

/** The most a workbook's parts may inflate to: a 20,000-row list is about 3 MB of XML; more is a zip bomb. */
const MAX_INFLATED_BYTES = 40 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] !== "#") return ENTITIES[entity.toLowerCase()]!;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    if (!(code >= 0 && code <= 0x10ffff)) throw new WorkbookError("The workbook has a character that does not exist");
    return String.fromCodePoint(code);
  });
}

/** The text of every <t> in a fragment, joined: a shared string may be split into formatted runs. */
const textOf = (fragment: string) =>
  [...fragment.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => unescapeXml(match[1]!)).join("");

/** A list has four columns; a cell further right than this is not a list's. */
const MAX_COLUMNS = 52;

/** "C" → 2: a cell reference's column letters, from 0; refused beyond MAX_COLUMNS. */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]{1,3}/.exec(reference)?.[0] ?? "";
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  if (index > MAX_COLUMNS) throw new WorkbookError("The sheet has cells beyond the list's columns");
  return index - 1;
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;

/** The workbook's first sheet's part name ("xl/worksheets/sheet1.xml"), through the workbook's relationships. */
function firstSheetPath(files: Record<string, Uint8Array>, read: (name: string) => string): string {
  const workbook = read("xl/workbook.xml");
  const sheet = /<sheet\b([^>]*)\/?>/.exec(workbook)?.[1];
  const relationId = sheet ? attribute(sheet, "r:id") : null;
  const relations = files["xl/_rels/workbook.xml.rels"] ? read("xl/_rels/workbook.xml.rels") : "";
  for (const [, attributes] of relations.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    if (attribute(attributes!, "Id") !== relationId) continue;
    const target = attribute(attributes!, "Target") ?? "";
    return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  }
  return "xl/worksheets/sheet1.xml";
}

/** The rows of the workbook's first sheet, each as the text of its cells in column order. */
export function firstSheetRows(bytes: Uint8Array): string[][] {
  let inflated = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!file.name.startsWith("xl/") || !(file.name.endsWith(".xml") || file.name.endsWith(".rels"))) return false;
        inflated += file.originalSize;
        if (inflated > MAX_INFLATED_BYTES) throw new WorkbookError("The workbook is too large once unpacked");
        return true;
      },
    });
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    throw new WorkbookError("The file is not an Excel workbook (.xlsx)");
  }
  const decoder = new TextDecoder("utf-8");
  const read = (name: string) => {
    const part = files[name];
    if (!part) throw new WorkbookError("The file is not an Excel workbook (.xlsx)");
    return decoder.decode(part);
  };
  const shared = files["xl/sharedStrings.xml"]
    ? [...read("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((match) => textOf(match[1] ?? ""))
    : [];
  const sheet = read(firstSheetPath(files, read));
  const rows: string[][] = [];
  for (const [, rowXml] of sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const [, attributes, body = ""] of rowXml!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const reference = attribute(attributes!, "r");
      const index = reference ? columnIndex(reference) : cells.length;
      const formula = /<f\b[^>]*>([\s\S]*?)<\/f>/.exec(body)?.[1];
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const type = attribute(attributes!, "t");
      let text: string;
      if (formula !== undefined) text = `=${unescapeXml(formula)}`;
      else if (type === "s") text = shared[Number(value)] ?? "";
      else if (type === "inlineStr") text = textOf(body);
      else text = value === undefined ? "" : unescapeXml(value);
      while (cells.length < index) cells.push("");
      cells[index] = text;
    }
    rows.push(cells);
  }
  return rows;
}

/** A day a spreadsheet stores as a number (days since 30 December 1899), as an ISO day; null when it is not one. */
export function spreadsheetDay(text: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(text)) return null;
  const day = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
  return day.toISOString().slice(0, 10);
}
