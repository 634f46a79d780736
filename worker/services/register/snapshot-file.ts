import Papa from "papaparse";
import {
  REGISTER_IMPORT_COLUMNS,
  REGISTER_IMPORT_MAX_BYTES,
  REGISTER_IMPORT_MAX_ROWS,
} from "#schema/limits/register.ts";
import { normaliseRegistrationNumber, type RegisterStatus } from "#schema/valuer-register.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { firstSheetRows, spreadsheetDay, WorkbookError } from "#worker/lib/xlsx.ts";

/*
 * A register's list as the keeper publishes it: an Excel workbook (its first sheet) or CSV in
 * UTF-8, a header row naming Registration number, Name, Status and (optionally) Valid until, in
 * any order. Every problem is answered with its row, up to twenty of them, and nothing is imported.
 */

export interface SnapshotRow {
  registrationNumber: string;
  normalisedNumber: string;
  name: string;
  status: RegisterStatus;
  validUntil: string | null;
}

/** How registers word a registration's standing, and what it means here. */
const STATUS_WORDS: Record<string, RegisterStatus> = {
  active: "active",
  practising: "active",
  practicing: "active",
  registered: "active",
  current: "active",
  suspended: "suspended",
};

/** A cell a spreadsheet would run as a formula ("=…", "+…", "@…", "-SUM(…)"): refused, never stored. */
const FORMULA = /^\s*(?:[=+@\t\r]|-[A-Za-z(])/;
const MAX_ERRORS = 20;

/**
 * "2026-12-31" or "31/12/2026" (or, in a workbook, the number a spreadsheet keeps a day as) →
 * "2026-12-31"; null when empty; undefined when not a day.
 */
function dayOf(text: string, inWorkbook: boolean): string | null | undefined {
  if (text === "" || text === "-") return null;
  if (inWorkbook) {
    const stored = spreadsheetDay(text);
    if (stored) return stored;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A ZIP's first bytes: every .xlsx workbook starts with them. */
const isWorkbook = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

/** A CSV's rows, blank lines left out; refused when it is not UTF-8. */
function csvRows(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError(400, "The file is not UTF-8 text", ["file: Save the spreadsheet as CSV UTF-8 and try again"]);
  }
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" }).data;
}

/** A workbook's first sheet's rows, blank rows left out; refused when it is not a workbook this reads. */
function workbookRows(bytes: Uint8Array): string[][] {
  try {
    return firstSheetRows(bytes).filter((row) => row.some((cell) => cell.trim() !== ""));
  } catch (error) {
    if (error instanceof WorkbookError) throw new ApiError(400, error.message, [`file: ${error.message}`]);
    throw error;
  }
}

/** The file's rows, checked; a 400 naming the rows (or the reason) when any is wrong. */
export function readSnapshotFile(bytes: Uint8Array): SnapshotRow[] {
  if (bytes.byteLength > REGISTER_IMPORT_MAX_BYTES) {
    throw new ApiError(413, `A register file is at most ${REGISTER_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  }
  const inWorkbook = isWorkbook(bytes);
  const [header, ...rows] = inWorkbook ? workbookRows(bytes) : csvRows(bytes);
  const columns = (header ?? []).map((cell) => cell.trim().toLowerCase());
  const at = (name: (typeof REGISTER_IMPORT_COLUMNS)[number]) => columns.indexOf(name);
  const [numberAt, nameAt, statusAt, validUntilAt] = REGISTER_IMPORT_COLUMNS.map(at) as [
    number,
    number,
    number,
    number,
  ];
  if (numberAt < 0 || nameAt < 0 || statusAt < 0) {
    throw new ApiError(400, "The file's first row must name its columns", [
      "row 1: Name the columns Registration number, Name, Status and Valid until",
    ]);
  }
  if (rows.length === 0) throw new ApiError(400, "The file lists no registrations", ["file: It has a header row only"]);
  if (rows.length > REGISTER_IMPORT_MAX_ROWS) {
    throw new ApiError(400, "The file has too many rows", [
      `file: ${rows.length.toLocaleString("en-GB")} rows; a register snapshot has at most ${REGISTER_IMPORT_MAX_ROWS.toLocaleString("en-GB")}`,
    ]);
  }
  const errors: string[] = [];
  const seen = new Map<string, number>();
  const read: SnapshotRow[] = [];
  rows.forEach((cells, index) => {
    if (errors.length >= MAX_ERRORS) return;
    const row = index + 2;
    const cell = (at: number) => (at < 0 ? "" : (cells[at] ?? "").trim());
    if (cells.some((value) => FORMULA.test(value))) {
      errors.push(`row ${row}: A cell is a formula; export the values only`);
      return;
    }
    const registrationNumber = cell(numberAt);
    const normalisedNumber = normaliseRegistrationNumber(registrationNumber);
    const name = cell(nameAt);
    const status = STATUS_WORDS[cell(statusAt).toLowerCase()];
    const validUntil = dayOf(cell(validUntilAt), inWorkbook);
    if (!normalisedNumber || registrationNumber.length > 100) {
      errors.push(`row ${row}: No registration number`);
    } else if (!name || name.length > 200) {
      errors.push(`row ${row}: The name is missing or longer than 200 characters`);
    } else if (!status) {
      errors.push(`row ${row}: Status "${cell(statusAt).slice(0, 40)}" is not Active, Practising or Suspended`);
    } else if (validUntil === undefined) {
      errors.push(`row ${row}: Valid until "${cell(validUntilAt).slice(0, 40)}" is not a day like 2026-12-31`);
    } else if (seen.has(normalisedNumber)) {
      errors.push(
        `row ${row}: Registration ${registrationNumber} is listed again (first on row ${seen.get(normalisedNumber)})`,
      );
    } else {
      seen.set(normalisedNumber, row);
      read.push({ registrationNumber, normalisedNumber, name, status, validUntil });
    }
  });
  if (errors.length > 0) throw new ApiError(400, "Some rows of the file cannot be imported", errors);
  return read;
}
