import { createRoute } from "@hono/zod-openapi";
import { recentScansAnswer } from "#schema/responses/index.ts";
import { recentScansQuerySchema } from "#schema/validation/scans.ts";
import { currentCompanyId } from "../request/company";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { recentCompanyScans } from "../services/scans/scans";
import { documentedRoutes, jsonAnswer } from "./contract";

const recentScans = createRoute({
  method: "get",
  path: "/recent",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { query: recentScansQuerySchema },
  responses: { 200: jsonAnswer(recentScansAnswer, "The company's latest scans by people, newest first") },
});

/** The company's newest scans over all its codes: the dashboard's "Recent scans" (/api/scans/recent). */
export const scanRoutes = documentedRoutes().openapi(recentScans, async (c) =>
  c.json({ scans: await recentCompanyScans(c.var.db, currentCompanyId(c), c.req.valid("query").limit) }, 200),
);
