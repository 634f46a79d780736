import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { loadPlatformStats } from "../../services/analytics";

/** /api/admin/stats: the platform dashboard's four numbers. */
export const adminStatsRoutes = new Hono<AppEnv>().get("/", async (c) => c.json(await loadPlatformStats(c.var.db)));
