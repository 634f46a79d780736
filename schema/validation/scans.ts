import { z } from "zod";
import { RECENT_SCANS_DEFAULT } from "../limits/scans";

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop", "bot", "other"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Scan history of one code: the latest entries, and a per-day chart over this many days. */
export const CODE_SCANS_LIMIT = 100;
export const SCAN_CHART_DAYS = 30;
const RECENT_SCANS_MAX = 50;

/** GET /api/scans/recent?limit= */
export const recentScansQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_SCANS_MAX).default(RECENT_SCANS_DEFAULT),
});
