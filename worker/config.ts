import { z } from "zod";

const configSchema = z.object({
  DATABASE_URL: z
    .string({
      error:
        "DATABASE_URL is not set: run `wrangler secret put DATABASE_URL` (or use npm run dev for the embedded database)",
    })
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// connection string"),
  JWT_SECRET: z
    .string({ error: "JWT_SECRET is not set: run `wrangler secret put JWT_SECRET` (or put it in .dev.vars)" })
    .min(32, "JWT_SECRET must be at least 32 characters"),
  /** host:port/path of a WebSocket-to-TCP bridge; set only for non-Neon Postgres (local development). */
  DB_WS_PROXY: z.string().min(1).optional(),
  /** Origin encoded into QR codes; defaults to the origin of the request that creates the code. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Photon/Nominatim-style geocoder merged into location suggestions when set. */
  LOCATION_SEARCH_URL: z.url().optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

const cache = new WeakMap<object, Config>();

/** Parses the Worker's environment once per isolate; a missing secret fails with a readable message. */
export function readConfig(env: object): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(`Invalid configuration: ${result.error.issues.map((i) => i.message).join("; ")}`);
  }
  cache.set(env, result.data);
  return result.data;
}
