import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  type CodesExportQuery,
  codesExportQuerySchema,
  type ScansExportQuery,
  scansExportQuerySchema,
} from "#schema/validation/exports.ts";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { requireCompanyUser, requireIssuerOrganisation, requireUser } from "../middleware/auth";
import { enforceRateLimit } from "../middleware/rate-limit";
import {
  CODE_EXPORT_HEADER,
  codesCsv,
  csvHeaders,
  EXPORT_MAX_ROWS,
  exportFileName,
  LEDGER_EXPORT_HEADER,
  ledgerCsv,
  SCAN_EXPORT_HEADER,
  scansCsv,
} from "../services/integration/exports";
import { codeIdByToken } from "../services/codes/v1-codes";
import { documentedRoutes } from "./contract";

/** A CSV file answer, as the session and the API-key routes describe it. */
export const csvAnswer = (description: string, header: readonly string[]) => ({
  description: `${description} UTF-8 with a byte order mark, a header row (\`${header.join(",")}\`), CRLF line ends; times in ISO 8601 UTC, days as YYYY-MM-DD, amounts without thousands separators. Text is always quoted, and text that a spreadsheet would run as a formula starts with an apostrophe ('). Streamed, up to ${EXPORT_MAX_ROWS.toLocaleString("en-GB")} rows (more answers 422: narrow the export). Ten exports a minute per company.`,
  headers: z.object({
    "Content-Disposition": z.string().meta({ example: `attachment; filename="${exportFileName("codes")}"` }),
  }),
  content: { "text/csv": { schema: z.string().meta({ example: `${header.join(",")}\r\n` }) } },
});

/** The codes file of a company, after its export limit: what the session and the API-key routes answer. */
export async function answerCodesExport(c: Context<AppEnv>, companyId: number, query: CodesExportQuery) {
  await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
  return c.body(await codesCsv(c.var.db, companyId, query), 200, csvHeaders(exportFileName("codes")));
}

/** The scans file of a company (of one of its codes, named by its token), after its export limit. */
export async function answerScansExport(c: Context<AppEnv>, companyId: number, { code, since }: ScansExportQuery) {
  await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
  const codeId = code === undefined ? undefined : await codeIdByToken(c.var.db, companyId, code);
  return c.body(await scansCsv(c.var.db, companyId, { codeId, since }), 200, csvHeaders(exportFileName("scans")));
}

const exportCodes = createRoute({
  method: "get",
  path: "/codes.csv",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { query: codesExportQuerySchema },
  responses: { 200: csvAnswer("The codes History's filters match.", CODE_EXPORT_HEADER) },
});

const exportScans = createRoute({
  method: "get",
  path: "/scans.csv",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { query: scansExportQuerySchema },
  responses: { 200: csvAnswer("The company's scans, or one code's.", SCAN_EXPORT_HEADER) },
});

const exportLedger = createRoute({
  method: "get",
  path: "/ledger.csv",
  middleware: [requireUser, requireCompanyUser, requireIssuerOrganisation] as const,
  responses: { 200: csvAnswer("The firm's credit ledger, newest first.", LEDGER_EXPORT_HEADER) },
});

/**
 * /api/exports: the company's codes (History's filters), scans (all, or one code's) and credit
 * ledger as CSV files, for every member of the company, streamed as they are read.
 */
export const exportRoutes = documentedRoutes()
  .openapi(exportCodes, (c) => answerCodesExport(c, currentCompanyId(c), c.req.valid("query")))
  .openapi(exportScans, (c) => answerScansExport(c, currentCompanyId(c), c.req.valid("query")))
  .openapi(exportLedger, async (c) => {
    const companyId = currentCompanyId(c);
    await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
    return c.body(await ledgerCsv(c.var.db, companyId), 200, csvHeaders(exportFileName("credits")));
  });
