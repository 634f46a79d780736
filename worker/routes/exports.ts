import { Hono } from "hono";
import { codesExportQuerySchema, scansExportQuerySchema } from "../../schema/validation/exports";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { validate } from "../lib/validation";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { enforceRateLimit } from "../middleware/rate-limit";
import { codesCsv, csvHeaders, exportFileName, scansCsv } from "../services/exports";
import { codeIdByToken } from "../services/v1-codes";

/**
 * /api/exports: the company's codes (History's filters) and scans (all, or one code's) as CSV
 * files, for every member of the company, streamed as they are read.
 */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireUser, requireCompanyUser)
  .get("/codes.csv", validate("query", codesExportQuerySchema), async (c) => {
    const companyId = currentCompanyId(c);
    await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
    const file = await codesCsv(c.var.db, companyId, c.req.valid("query"));
    return c.body(file, 200, csvHeaders(exportFileName("codes")));
  })
  .get("/scans.csv", validate("query", scansExportQuerySchema), async (c) => {
    const { code, since } = c.req.valid("query");
    const companyId = currentCompanyId(c);
    await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
    const codeId = code === undefined ? undefined : await codeIdByToken(c.var.db, companyId, code);
    const file = await scansCsv(c.var.db, companyId, { codeId, since });
    return c.body(file, 200, csvHeaders(exportFileName("scans")));
  });
