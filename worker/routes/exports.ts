import { Hono } from "hono";
import { codesExportQuerySchema, scansExportQuerySchema } from "../../schema/validation/exports";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { validate } from "../lib/validation";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { codesCsv, csvHeaders, exportFileName, scansCsv } from "../services/exports";
import { codeIdByToken } from "../services/v1-codes";

/**
 * /api/exports: the company's codes (History's filters) and scans (all, or one code's) as CSV
 * files, for every member of the company, streamed as they are read.
 */
export const exportRoutes = new Hono<AppEnv>()
  .use(requireUser, requireCompanyUser)
  .get("/codes.csv", validate("query", codesExportQuerySchema), (c) =>
    c.body(codesCsv(c.var.db, currentCompanyId(c), c.req.valid("query")), 200, csvHeaders(exportFileName("codes"))),
  )
  .get("/scans.csv", validate("query", scansExportQuerySchema), async (c) => {
    const { code, since } = c.req.valid("query");
    const companyId = currentCompanyId(c);
    const codeId = code === undefined ? undefined : await codeIdByToken(c.var.db, companyId, code);
    return c.body(scansCsv(c.var.db, companyId, { codeId, since }), 200, csvHeaders(exportFileName("scans")));
  });
