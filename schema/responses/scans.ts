import { z } from "zod";
import { SCAN_KINDS } from "../limits/scans";
import { COPY_VERDICTS } from "../limits/codes";
import { describedCodeFields } from "./described-code";
import { rowId, timestamp } from "./fields";

/** One logged visit; place fields are null when the edge could not tell (always, locally). */
const scanEntryFields = {
  at: timestamp,
  kind: z.enum(SCAN_KINDS).meta({
    description: "A person's scan, a link preview or crawler fetching the address, or a check of a report copy",
  }),
  counted: z
    .boolean()
    .meta({ description: "False for a preview, and for a repeat by the same visitor within the repeat window" }),
  country: z.string().nullable().meta({ description: "ISO 3166 alpha-2 code" }),
  city: z.string().nullable(),
  deviceClass: z.string().nullable().meta({ description: "One of DEVICE_CLASSES (schema/validation/scans.ts)" }),
  page: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The sealed report's page whose QR was scanned; null for the code's own address" }),
  checkVerdict: z
    .enum(COPY_VERDICTS)
    .nullable()
    .meta({ description: 'For a check of a report copy (kind "check"): what the check found' }),
};
const scanEntryAnswer = z.strictObject(scanEntryFields);
export type ScanEntry = z.infer<typeof scanEntryAnswer>;

/**
 * GET /api/qr-codes/:id/scans: the latest visits (newest first, previews and repeats included and
 * marked), counted scans per UTC day over the chart's window (oldest first, days without scans
 * included with 0) and the number of unique scanners.
 */
export const codeScansAnswer = z.strictObject({
  scans: z.array(scanEntryAnswer),
  daily: z.array(
    z.strictObject({ date: z.string().meta({ description: "A UTC day, YYYY-MM-DD" }), count: z.number() }),
  ),
  uniqueScanners: z.number().int(),
});
export type CodeScans = z.infer<typeof codeScansAnswer>;
export type ScanDay = CodeScans["daily"][number];

/** A scan of any of the company's codes, with what names the code it was of (see codeTitle). */
const recentScanAnswer = z.strictObject({
  ...scanEntryFields,
  code: z.strictObject({ ...describedCodeFields, id: rowId, publicToken: z.string() }),
});
export type RecentScan = z.infer<typeof recentScanAnswer>;

/** GET /api/scans/recent?limit=: the company's latest scans by people (no link previews), newest first. */
export const recentScansAnswer = z.strictObject({ scans: z.array(recentScanAnswer) });
