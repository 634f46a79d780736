import { z } from "zod";

const check = z.strictObject({
  ok: z.boolean(),
  detail: z.string().meta({ description: "What was found, in words", example: "Last run 12 minutes ago" }),
});

/** GET /api/health while every check holds (any that does not answers 503 in the error shape, one line per check). */
export const healthAnswer = z.strictObject({
  ok: z.literal(true),
  checkedAt: z.iso.datetime(),
  database: check.extend({ latencyMs: z.number().int().nonnegative().nullable() }),
  signingKey: check,
  hourlyJobs: check.extend({ lastRunAt: z.iso.datetime().nullable() }),
  checkpoint: check.extend({ lastSignedAt: z.string().nullable() }),
  webhookQueue: check.extend({ stuckDeliveries: z.number().int().nonnegative() }),
  webhookFailures: check.extend({ attempts: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
});
