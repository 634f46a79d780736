import { fileSafeStem } from "#web/lib/file-names.ts";
import { csvField } from "#schema/csv.ts";
import type { Valuer } from "#schema/responses/index.ts";
import {
  CODE_BATCH_MAX,
  codeBatchRowSchema,
  type CreateQrCodeInput,
  REFERENCE_REPEATED,
} from "#schema/validation/qr-codes.ts";

/**
 * The spreadsheet a firm fills in to issue many codes at once: one column per field of the create
 * form, headed by the form's own label, and the signing valuer by name (or registration number),
 * as the firm knows them. Every row is checked with the schema the form and the server use.
 */
type Field = Exclude<keyof CreateQrCodeInput, "valuerId">;

interface Column {
  header: string;
  /** Other headers read as this column (the form's label for a vehicle). */
  aliases?: string[];
  field: Field | "valuer";
  example: string;
  required?: boolean;
}

export const BATCH_COLUMNS: Column[] = [
  { header: "Your Reference", field: "externalReference", example: "JOB-2026-0142", required: true },
  { header: "Property Type", field: "propertyType", example: "Real Estate", required: true },
  { header: "Property Location", field: "propertyAddress", example: "Plot 12, Riverside Drive, Nairobi" },
  {
    header: "Property Reference",
    aliases: ["Vehicle Reference Number"],
    field: "propertyReference",
    example: "LR 209/1234",
  },
  {
    header: "Property Description",
    aliases: ["Vehicle Description"],
    field: "propertyArea",
    example: "Four-bedroom house on half an acre",
  },
  { header: "Building Size", field: "propertySize", example: "2450" },
  { header: "Building Size Unit", field: "propertySizeUnit", example: "sqft" },
  { header: "Land Size", field: "landSize", example: "0.5" },
  { header: "Land Size Unit", field: "landSizeUnit", example: "acres" },
  { header: "Title Number", field: "titleNumber", example: "Nairobi/Block 91/234" },
  { header: "Valuation Date", field: "valuationDate", example: "20/11/2026", required: true },
  { header: "Market Value", field: "marketValue", example: "45000000", required: true },
  { header: "Currency", field: "currency", example: "KES" },
  { header: "Signing Valuer", field: "valuer", example: "Jane Wanjiku", required: true },
  { header: "Prepared For", field: "addressee", example: "Equity Bank Kenya" },
  { header: "Purpose", field: "purpose", example: "Secured lending" },
  { header: "Inspection Date", field: "inspectionDate", example: "18/11/2026" },
  { header: "Forced Sale Value", field: "forcedSaleValue", example: "34000000" },
  { header: "Valid Until", field: "validUntil", example: "" },
];

const csvLines = (lines: string[][]) => `${lines.map((cells) => cells.map(csvField).join(",")).join("\r\n")}\r\n`;

/**
 * The template to download: the header row only. An example row in the file was once issued as a
 * real certificate (its valuer's name matched one of the firm's): the example is shown on the page
 * instead (BATCH_COLUMNS' `example`), never in a file that can be uploaded.
 */
export function batchTemplateCsv(): string {
  return csvLines([BATCH_COLUMNS.map((column) => column.header)]);
}

/**
 * The rows with problems, as the firm uploaded them, with a last "Problems" column: the file to
 * correct and upload again. Rows already issued or ready are left out.
 */
export function problemRowsCsv(header: string[], rows: BatchRow[]): string {
  return csvLines([
    [...header, "Problems"],
    ...rows.filter((row) => row.errors.length > 0).map((row) => [...row.cells, row.errors.join("; ")]),
  ]);
}

export interface BatchRow {
  /** The spreadsheet's row number (the header is row 1), as the firm sees it. */
  line: number;
  /** The row's cells as uploaded, for the file of rows with problems. */
  cells: string[];
  reference: string;
  description: string;
  /** The request for this row when it is ready to issue; its problems otherwise. */
  request?: CreateQrCodeInput;
  errors: string[];
}

export type ReadBatch = { header: string[]; rows: BatchRow[] } | { problem: string };

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

/** Finds the signing valuer a cell names: an active valuer's name or registration number, any case. */
function valuerNamed(cell: string, valuers: Valuer[]): number | string {
  const wanted = normalise(cell);
  if (!wanted) return "Signing valuer is required";
  const matches = valuers.filter(
    (valuer) =>
      valuer.isActive &&
      (normalise(valuer.name) === wanted ||
        (valuer.registrationNumber && normalise(valuer.registrationNumber) === wanted)),
  );
  if (matches.length === 1) return matches[0]!.id;
  return matches.length === 0
    ? `Signing valuer “${cell.trim()}” is not an active valuer of your company`
    : `More than one valuer is named “${cell.trim()}”: use their registration number`;
}

/**
 * The rows of an uploaded CSV (already split into cells), each ready to issue or with its problems
 * in the form's words. A file-wide problem (a missing column, too many rows) is answered alone.
 */
export function readBatch(table: string[][], valuers: Valuer[]): ReadBatch {
  const [headerRow, ...body] = table;
  if (!headerRow) return { problem: "The file is empty. Download the template and fill it in." };
  const indexOf = new Map<Column, number>();
  for (const column of BATCH_COLUMNS) {
    const names = [column.header, ...(column.aliases ?? [])].map(normalise);
    const index = headerRow.findIndex((cell) => names.includes(normalise(cell)));
    if (index >= 0) indexOf.set(column, index);
  }
  const missing = BATCH_COLUMNS.filter((column) => column.required && !indexOf.has(column));
  if (missing.length > 0) {
    return {
      problem: `The file has no ${missing.map((column) => `“${column.header}”`).join(", ")} column. Start from the template.`,
    };
  }
  const filled = body
    .map((cells, index) => ({ cells, line: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  if (filled.length === 0) return { problem: "The file has no rows to issue." };
  if (filled.length > CODE_BATCH_MAX) {
    return { problem: `At most ${CODE_BATCH_MAX} codes at once: this file has ${filled.length} rows.` };
  }
  const seen = new Set<string>();
  return {
    header: headerRow,
    rows: filled.map(({ cells, line }) => {
      const cell = (column: Column) => (cells[indexOf.get(column) ?? -1] ?? "").trim();
      const input: Record<string, unknown> = {};
      const errors: string[] = [];
      for (const column of BATCH_COLUMNS) {
        const value = cell(column);
        if (column.field === "valuer") {
          const valuer = valuerNamed(value, valuers);
          if (typeof valuer === "number") input.valuerId = valuer;
          else errors.push(valuer);
        } else if (value !== "") {
          input[column.field] = value;
        }
      }
      const reference = String(input.externalReference ?? "");
      const parsed = codeBatchRowSchema.safeParse(input);
      if (!parsed.success) {
        // The valuer's own message above says more than the schema's "required".
        errors.push(
          ...parsed.error.issues.filter((issue) => issue.path[0] !== "valuerId").map((issue) => issue.message),
        );
      }
      if (reference && seen.has(reference)) errors.push(REFERENCE_REPEATED);
      seen.add(reference);
      const type = String(input.propertyType ?? "");
      const place = String(input.propertyAddress ?? input.propertyReference ?? "");
      return {
        line,
        cells,
        reference,
        description: [type, place].filter(Boolean).join(" · "),
        request: errors.length === 0 ? (input as unknown as CreateQrCodeInput) : undefined,
        errors,
      };
    }),
  };
}

/**
 * The ZIP's file name (without extension) for each issued code: its reference made safe for a file
 * name. Names are compared without case, since unpacked on Windows or macOS JOB-1.png and job-1.png
 * are one file; references that become the same name ("JOB/1" and "JOB-1") get the code's own
 * verification code added, so no image ever replaces another.
 */
export function imageFileStems(codes: { externalReference: string; verificationCode: string }[]): string[] {
  const taken = new Set<string>();
  return codes.map(({ externalReference, verificationCode }, index) => {
    const base = fileSafeStem(externalReference) || `code-${index + 1}`;
    let stem = base;
    for (let suffix = 1; taken.has(stem.toLowerCase()); suffix += 1) {
      stem = `${base}-${fileSafeStem(verificationCode)}${suffix > 1 ? `-${suffix}` : ""}`;
    }
    taken.add(stem.toLowerCase());
    return stem;
  });
}
