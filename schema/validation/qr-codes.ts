import { z } from "zod";
import { DAY_MS, LIMITS, MAX_ROW_ID } from "../limits";
import {
  BUILDING_SIZE_UNITS,
  CODE_STATUSES,
  CURRENCIES,
  LAND_SIZE_UNITS,
  PROPERTY_TYPES,
  VALIDITY_DAYS,
  VALUATION_PURPOSES,
} from "../limits/codes";
import { MOTOR_VEHICLE } from "../code-description";
import { optionalText } from "./common";
import { paginationQuerySchema } from "./pagination";

export { MOTOR_VEHICLE };
export const REAL_ESTATE = "Real Estate" satisfies (typeof PROPERTY_TYPES)[number];
/** Lists without `page` or `pageSize` return at most this many codes; pages default to QR_PAGE_SIZE. */
export const QR_LIST_MAX = 100;
export const QR_PAGE_SIZE = 20;
const SEARCH_MAX = 255;

const DAY_MONTH_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A real calendar day (31/02 is refused) as midnight UTC; years are kept to a plausible range. */
function calendarDay(year: number, month: number, day: number): Date | null {
  if (year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

/**
 * DD/MM/YYYY as the form types it, or ISO 8601 from API clients. A valuation date is a calendar
 * day: an ISO date-time keeps the day it names, so the date written is the date shown everywhere.
 */
export function parseValuationDate(text: string): Date | null {
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  if (dayFirst) return calendarDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const iso = ISO_DATE.exec(text);
  return iso ? calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

export const calendarDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((text, ctx) => {
      const date = parseValuationDate(text);
      if (date) return date;
      ctx.addIssue({ code: "custom", message: "Enter a real date as DD/MM/YYYY" });
      return z.NEVER;
    });

/** An optional day in the same forms as the valuation date; "" (an empty form field) means none. */
const optionalCalendarDate = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  calendarDate("Enter a real date as DD/MM/YYYY").optional(),
);

/** Numbers arrive as JSON numbers or as text (with thousands separators from the form). */
function numberAsText(value: unknown): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NaN";
  if (typeof value === "string") return value.trim().replace(/,/g, "") || undefined;
  return value ?? undefined;
}

function decimalProblem(text: string, label: string, precision: number, scale: number): string | null {
  if (text.startsWith("-")) return `${label} must be greater than 0`;
  if (!new RegExp(`^\\d+(\\.\\d{1,${scale}})?$`).test(text)) {
    return `${label} must be a number with at most ${scale} decimal places`;
  }
  if (Number(text) <= 0) return `${label} must be greater than 0`;
  const integerDigits = precision - scale;
  if ((text.split(".")[0] ?? "").replace(/^0+/, "").length > integerDigits) {
    return `${label} must have at most ${integerDigits} digits before the decimal point`;
  }
  return null;
}

/**
 * A positive decimal that fits numeric(precision, scale), kept as text so no digit is lost on
 * the way to Postgres (the spec reads money back as a decimal string).
 */
const positiveDecimal = (label: string, precision: number, scale: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .superRefine((text, ctx) => {
      const problem = decimalProblem(text, label, precision, scale);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

export const requiredDecimal = (label: string, precision: number, scale: number) =>
  z.preprocess(numberAsText, positiveDecimal(label, precision, scale));

const optionalDecimal = (label: string, precision: number, scale: number) =>
  z.preprocess(numberAsText, positiveDecimal(label, precision, scale).optional());

/**
 * Latitude and longitude are stored with 8 decimals; more are rounded, out-of-range refused. A tiny
 * negative rounds to "-0.00000000", which PostgreSQL stores as 0: it is written as 0 here, so the
 * stored value is the value validated.
 */
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? Number(value.trim() || Number.NaN) : (value ?? undefined)),
    z
      .number({ error: `${label} must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`)
      .transform((value) => value.toFixed(8).replace(/^-(0\.0+)$/, "$1"))
      .optional(),
  );

const valuerIdField = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: "Signing valuer is required" })
    .int("Signing valuer is required")
    .min(1, "Signing valuer is required")
    .max(MAX_ROW_ID, "Signing valuer is required"),
);

/** Whether a day (midnight UTC) is after today everywhere on Earth (UTC+14). */
const notYet = (day: Date) => day.getTime() > Date.now() + 14 * 60 * 60 * 1000;

/** Compares two validated decimal strings exactly, in hundredths (no floating point). */
function cents(decimal: string): bigint {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return BigInt(whole + fraction.padEnd(2, "0").slice(0, 2));
}

const purposeField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(VALUATION_PURPOSES, { error: `Purpose must be one of: ${VALUATION_PURPOSES.join(", ")}` }).optional(),
);

const hasText = (value: unknown) => typeof value === "string" && value.length > 0;
const isObjectInput = ({ value }: { value: unknown }) =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A `when` for a rule comparing fields: it runs once every field it reads has parsed without issue. */
const parsed =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: { path?: PropertyKey[] }[] }) =>
    isObjectInput(payload) && payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

/**
 * The firm's reference, folded to Unicode NFKC before anything else: full-width letters and digits,
 * ligatures and other compatibility forms become their plain characters, so "ＪＯＢ-１" and "JOB-1"
 * are one reference (and one code), and the length is counted as stored.
 */
const externalReferenceField = z
  .string()
  .optional()
  .transform((value) => value?.normalize("NFKC"))
  .pipe(optionalText(LIMITS.externalReference));

/**
 * A new verification code. Motor Vehicle: the reference ("Vehicle Reference Number")
 * is required, the location is not, and building and land sizes do not apply, so they are dropped.
 * Any other type needs the property location. Ids, counts and status are never read from the body.
 */
const codeFieldsWithRules = z
  .object({
    // Nothing chosen is "required"; only a value that is not one of the types lists them.
    propertyType: z.enum(PROPERTY_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ""
          ? "Property type is required"
          : `Property type must be one of: ${PROPERTY_TYPES.join(", ")}`,
    }),
    propertyAddress: optionalText(LIMITS.propertyAddress),
    propertyReference: optionalText(LIMITS.propertyReference),
    propertyArea: optionalText(LIMITS.propertyArea),
    propertySize: optionalDecimal("Building size", 14, 2),
    propertySizeUnit: z
      .enum(BUILDING_SIZE_UNITS, { error: `Building size unit must be one of: ${BUILDING_SIZE_UNITS.join(", ")}` })
      .default("sqft"),
    landSize: optionalDecimal("Land size", 14, 4),
    landSizeUnit: z
      .enum(LAND_SIZE_UNITS, { error: `Land size unit must be one of: ${LAND_SIZE_UNITS.join(", ")}` })
      .default("acres"),
    marketValue: requiredDecimal("Market value", 15, 2),
    currency: z.enum(CURRENCIES, { error: `Currency must be one of: ${CURRENCIES.join(", ")}` }).default("USD"),
    valuationDate: calendarDate("Valuation date is required"),
    valuerId: valuerIdField,
    latitude: coordinate("Latitude", 90),
    longitude: coordinate("Longitude", 180),
    addressee: optionalText(LIMITS.addressee),
    purpose: purposeField,
    inspectionDate: optionalCalendarDate,
    forcedSaleValue: optionalDecimal("Forced sale value", 15, 2),
    titleNumber: optionalText(LIMITS.titleNumber),
    /** The firm's own reference (its job number): a second code with the same one is refused (409). */
    externalReference: externalReferenceField,
    /** Without it, the valuation date plus the company's validity period (decided on the server). */
    validUntil: optionalCalendarDate,
  })
  // `when` lets the type-dependent rules report alongside other field errors, not after them; only
  // for an object, since a body of null or a number would otherwise reach them and throw.
  .refine((code) => code.propertyType !== MOTOR_VEHICLE || hasText(code.propertyReference), {
    path: ["propertyReference"],
    message: "Vehicle Reference Number is required",
    when: isObjectInput,
  })
  .refine((code) => code.propertyType === MOTOR_VEHICLE || hasText(code.propertyAddress), {
    path: ["propertyAddress"],
    message: "Property location is required",
    when: isObjectInput,
  })
  // A valuation or an inspection happened: neither can lie in the future (the latest "today" on Earth,
  // UTC+14, so no firm is refused its own date).
  .refine((code) => !notYet(code.valuationDate), {
    path: ["valuationDate"],
    message: "Valuation date cannot be in the future",
    when: parsed("valuationDate"),
  })
  .refine((code) => !code.inspectionDate || !notYet(code.inspectionDate), {
    path: ["inspectionDate"],
    message: "Inspection date cannot be in the future",
    when: parsed("inspectionDate"),
  })
  // The date rules compare with the valuation date, so they run only once both dates parsed.
  .refine((code) => !code.inspectionDate || code.inspectionDate <= code.valuationDate, {
    path: ["inspectionDate"],
    message: "Inspection date cannot be after the valuation date",
    when: parsed("valuationDate", "inspectionDate"),
  })
  .refine((code) => !code.validUntil || code.validUntil > code.valuationDate, {
    path: ["validUntil"],
    message: "Valid until must be after the valuation date",
    when: parsed("valuationDate", "validUntil"),
  })
  .refine(
    (code) =>
      !code.validUntil || code.validUntil.getTime() - code.valuationDate.getTime() <= VALIDITY_DAYS.max * DAY_MS,
    {
      path: ["validUntil"],
      message: `Valid until must be within ${VALIDITY_DAYS.max} days of the valuation date`,
      when: parsed("valuationDate", "validUntil"),
    },
  )
  .refine((code) => !code.forcedSaleValue || cents(code.forcedSaleValue) <= cents(code.marketValue), {
    path: ["forcedSaleValue"],
    message: "Forced sale value cannot be above the market value",
    when: parsed("marketValue", "forcedSaleValue"),
  });

/** Sizes do not apply to a vehicle, and a title number only to real estate: dropped, not refused. */
function dropInapplicable({ propertyAddress, titleNumber, ...code }: z.output<typeof codeFieldsWithRules>) {
  const kept = {
    ...code,
    propertyAddress: propertyAddress ?? "",
    titleNumber: code.propertyType === REAL_ESTATE ? titleNumber : undefined,
  };
  return code.propertyType === MOTOR_VEHICLE
    ? { ...kept, propertySize: null, propertySizeUnit: null, landSize: null, landSizeUnit: null }
    : kept;
}

export const createQrCodeSchema = codeFieldsWithRules.transform(dropInapplicable);

/**
 * The same for the integration API, where a field the schema does not know is refused rather than
 * ignored: a program's misspelt field (`adressee`) would otherwise be missing from a certificate
 * that can never be edited. (The form sends exactly these fields.)
 */
export const strictCreateQrCodeSchema = codeFieldsWithRules.strict().transform(dropInapplicable);
export type CreateQrCodeInput = z.input<typeof createQrCodeSchema>;
export type CreateQrCode = z.output<typeof createQrCodeSchema>;

const positiveInteger = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`);

/**
 * History filters, applied on the server. `propertyType` "All" (or empty) means any type;
 * `date` is one valuation day, DD/MM/YYYY or YYYY-MM-DD.
 */
export const qrCodeListQuerySchema = paginationQuerySchema.extend({
  /** The plain array's length (the dashboard asks `?limit=5`); pages use `pageSize`. */
  limit: positiveInteger("Limit").max(QR_LIST_MAX, `Limit must be at most ${QR_LIST_MAX}`).optional(),
  search: optionalText(SEARCH_MAX),
  propertyType: z
    .preprocess(
      (value) => (value === "" || (typeof value === "string" && value.toLowerCase() === "all") ? undefined : value),
      z.enum(PROPERTY_TYPES, { error: `Property type must be All or one of: ${PROPERTY_TYPES.join(", ")}` }).optional(),
    )
    .optional(),
  date: z.preprocess((value) => (value === "" ? undefined : value), calendarDate("Date is required").optional()),
  purpose: purposeField,
  /** One status ("expired" finds the valuations past their validity); empty or "All" means any. */
  status: z.preprocess(
    (value) => (value === "" || (typeof value === "string" && value.toLowerCase() === "all") ? undefined : value),
    z.enum(CODE_STATUSES, { error: `Status must be All or one of: ${CODE_STATUSES.join(", ")}` }).optional(),
  ),
});
export type QrCodeListQuery = z.infer<typeof qrCodeListQuerySchema>;

/** The most codes one batch issues (a CSV upload, POST /api/v1/codes/batch). */
export const CODE_BATCH_MAX = 500;
/**
 * Codes a firm may issue in one minute through batches (counting every code it issued in that
 * minute): two full batches. Every signed change on the platform passes the transparency log's
 * head one transaction at a time, so one firm's bulk work must leave room for everyone's
 * withdrawals (docs/decisions/050).
 */
export const BATCH_CODES_PER_MINUTE = 2 * CODE_BATCH_MAX;
export const REFERENCE_REQUIRED = "Your reference is required for each row of a batch";
export const REFERENCE_REPEATED = "This reference appears more than once in the batch";

/**
 * A row of a batch: the create form's fields, and the firm's reference, required here. It is what
 * makes a batch safe to send again: a row whose reference already has a code answers that code.
 */
const withReference = <Row extends z.ZodType<{ externalReference?: string }>>(row: Row) =>
  row.refine((code) => hasText(code.externalReference), { path: ["externalReference"], message: REFERENCE_REQUIRED });

export const codeBatchRowSchema = withReference(codeFieldsWithRules).transform(dropInapplicable);
const strictCodeBatchRowSchema = withReference(codeFieldsWithRules.strict()).transform(dropInapplicable);
export type CodeBatchRow = z.output<typeof codeBatchRowSchema>;

/** Many codes at once; each reference once. */
const batchOf = <Row extends z.ZodType<{ externalReference?: string }>>(row: Row) =>
  z
    .strictObject({
      codes: z
        .array(row, { error: "codes must be a list of codes" })
        .min(1, "Add at least one code")
        .max(CODE_BATCH_MAX, `At most ${CODE_BATCH_MAX} codes at once`),
    })
    .superRefine(({ codes }, ctx) => {
      const seen = new Set<string>();
      codes.forEach((code, index) => {
        const reference = code.externalReference!;
        if (seen.has(reference)) {
          ctx.addIssue({ code: "custom", path: ["codes", index, "externalReference"], message: REFERENCE_REPEATED });
        }
        seen.add(reference);
      });
    });

export const codeBatchSchema = batchOf(codeBatchRowSchema);
/** The integration API's batch: as for a single code, a field the schema does not know is refused. */
export const strictCodeBatchSchema = batchOf(strictCodeBatchRowSchema);
