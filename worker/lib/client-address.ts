import type { Context } from "hono";

/** Cloudflare sets CF-Connecting-IP on every request; locally it is absent and all traffic shares one key. */
export const clientAddress = (c: Context) => c.req.header("CF-Connecting-IP") ?? "local";
