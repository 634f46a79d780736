import { type Context, Hono } from "hono";
import {
  type CodesExportQuery,
  codesExportQuerySchema,
  type ScansExportQuery,
  scansExportQuerySchema,
} from "../../schema/validation/exports";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { validate } from "../lib/validation";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { enforceRateLimit } from "../middleware/rate-limit";
import { codesCsv, csvHeaders, exportFileName, scansCsv } from "../services/exports";
import { codeIdByToken } from "../services/v1-codes";

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

/**
 * /api/exports: the company's codes (History's filters) and scans (all, or one code's) as CSV
 * files, for every member of the company, streamed as they are read.
 */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireUser, requireCompanyUser)
  .get("/codes.csv", validate("query", codesExportQuerySchema), (c) =>
    answerCodesExport(c, currentCompanyId(c), c.req.valid("query")),
  )
  .get("/scans.csv", validate("query", scansExportQuerySchema), (c) =>
    answerScansExport(c, currentCompanyId(c), c.req.valid("query")),
  );
