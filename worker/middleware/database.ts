import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import { connectDatabase } from "../db";
import type { AppEnv } from "../env";

/**
 * Puts the parsed config and the request's database on the context: `db` for statements over HTTP,
 * `transactional()` for the rare interactive transaction; a pool it opened ends after the response.
 */
export const withDatabase = createMiddleware<AppEnv>(async (c, next) => {
  const config = readConfig(c.env);
  const { db, transactional, close } = connectDatabase(config);
  c.set("config", config);
  c.set("db", db);
  c.set("transactional", transactional);
  try {
    await next();
  } finally {
    c.executionCtx.waitUntil(close().catch(() => {}));
  }
});
