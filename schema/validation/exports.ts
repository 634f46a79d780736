import { z } from "zod";
import { calendarDate, qrCodeListQuerySchema } from "./qr-codes";
import { PUBLIC_TOKEN_PATTERN } from "../public-token";

/**
 * The codes export takes History's filters (search, property type, valuation date, purpose,
 * status); it has no pages, since the file holds every match.
 */
export const codesExportQuerySchema = qrCodeListQuerySchema.pick({
  search: true,
  propertyType: true,
  date: true,
  purpose: true,
  status: true,
});
export type CodesExportQuery = z.infer<typeof codesExportQuerySchema>;

/**
 * The scans export: every scan of the company's codes, or of one code (`code`, its public token as
 * in its address); `since` keeps the scans from that day on (DD/MM/YYYY or ISO 8601).
 */
export const scansExportQuerySchema = z.object({
  code: z
    .string()
    .regex(PUBLIC_TOKEN_PATTERN, "Code must be a code's id as in its address (16 letters and digits)")
    .optional(),
  since: z.preprocess((value) => (value === "" ? undefined : value), calendarDate("Since is required").optional()),
});
export type ScansExportQuery = z.infer<typeof scansExportQuerySchema>;
