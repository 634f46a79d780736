import { Hono } from "hono";
import { recentScansQuerySchema } from "../../schema/validation/scans";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { validate } from "../lib/validation";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { recentCompanyScans } from "../services/scans";

/** The company's newest scans over all its codes: the dashboard's "Recent scans" (/api/scans/recent). */
export const scanRoutes = new Hono<AppEnv>().get(
  "/recent",
  requireUser,
  requireCompanyUser,
  validate("query", recentScansQuerySchema),
  async (c) => c.json({ scans: await recentCompanyScans(c.var.db, currentCompanyId(c), c.req.valid("query").limit) }),
);
