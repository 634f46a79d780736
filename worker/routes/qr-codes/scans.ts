import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../request/company";
import { requireCompanyUser, requireUser } from "../../middleware/auth";
import { findCompanyCode } from "../../services/qr-codes";
import { loadCodeScans } from "../../services/scans";

/** One code's scan log: history and chart on the code's detail screen (/api/qr-codes/:id/scans). */
export const codeScanRoutes = new Hono<AppEnv>().get("/:id/scans", requireUser, requireCompanyUser, async (c) => {
  const code = await findCompanyCode(c.var.db, currentCompanyId(c), c.req.param("id"));
  return c.json(await loadCodeScans(c.var.db, code.id));
});
