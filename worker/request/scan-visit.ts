import type { Context } from "hono";
import type { AppEnv } from "../env";
import { classifyDevice, isLinkPreview, visitorHash, type Visit } from "../lib/scan-visitor";
import { visitorSaltOf } from "../services/scans/visitor-salts";
import { clientNetwork } from "./client-network";

/**
 * The visit a request is logged as, or null for a HEAD request, which only checks that the address
 * answers. A link preview or crawler is a visit of kind "preview": logged, so a company sees who
 * fetched its code's address, but never counted.
 */
export async function scanVisit(c: Context<AppEnv>): Promise<Visit | null> {
  const userAgent = c.req.header("User-Agent") ?? "";
  if (c.req.method === "HEAD") return null;
  const cf = c.req.raw.cf as { country?: unknown; city?: unknown } | undefined;
  const text = (value: unknown, max: number) => (typeof value === "string" && value ? value.slice(0, max) : null);
  return {
    kind: isLinkPreview(userAgent) ? "preview" : "scan",
    country: text(cf?.country, 2),
    city: text(cf?.city, 100),
    deviceClass: classifyDevice(userAgent),
    visitorHash: await visitorHash(await visitorSaltOf(c.var.db, new Date()), clientNetwork(c)),
  };
}
