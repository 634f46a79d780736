import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import { connectDatabase } from "../db";
import type { AppEnv } from "../env";

/** Puts the parsed config and a per-request database on the context; the pool ends after the response. */
export const withDatabase = createMiddleware<AppEnv>(async (c, next) => {
  const config = readConfig(c.env);
  const { db, close } = connectDatabase(config);
  c.set("config", config);
  c.set("db", db);
  try {
    await next();
  } finally {
    c.executionCtx.waitUntil(close().catch(() => {}));
  }
});
