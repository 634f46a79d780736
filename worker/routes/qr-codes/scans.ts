import { createRoute } from "@hono/zod-openapi";
import { codeScansAnswer } from "#schema/responses/index.ts";
import { currentCompanyId } from "#worker/request/company.ts";
import { requireCompanyUser, requireUser } from "#worker/middleware/auth.ts";
import { findCompanyCode } from "#worker/services/codes/qr-codes.ts";
import { loadCodeScans } from "#worker/services/scans/scans.ts";
import { documentedRoutes, jsonAnswer, rowIdParam } from "../contract";

const codeScans = createRoute({
  method: "get",
  path: "/{id}/scans",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(codeScansAnswer, "The latest visits, scans per day and unique scanners") },
});

/** One code's scan log: history and chart on the code's detail screen (/api/qr-codes/:id/scans). */
export const codeScanRoutes = documentedRoutes().openapi(codeScans, async (c) => {
  const code = await findCompanyCode(c.var.db, currentCompanyId(c), c.req.valid("param").id);
  return c.json(await loadCodeScans(c.var.db, code.id), 200);
});
