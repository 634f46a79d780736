import { z } from "zod";
import { JOB_NAMES, OPERATOR_ALERT_KINDS } from "../limits/operations";

const check = z.strictObject({
  ok: z.boolean(),
  detail: z.string().meta({ description: "What was found, in words", example: "Last run 12 minutes ago" }),
});

const checks = {
  database: check.extend({ latencyMs: z.number().int().nonnegative().nullable() }),
  signingKey: check,
  hourlyJobs: check.extend({ lastRunAt: z.iso.datetime().nullable() }),
  checkpoint: check.extend({ lastSignedAt: z.string().nullable() }),
  webhookQueue: check.extend({ stuckDeliveries: z.number().int().nonnegative() }),
  webhookFailures: check.extend({ attempts: z.number().int().nonnegative(), failed: z.number().int().nonnegative() }),
};

/** GET /api/health while every check holds (any that does not answers 503 in the error shape, one line per check). */
export const healthAnswer = z.strictObject({ ok: z.literal(true), checkedAt: z.iso.datetime(), ...checks });

/** GET /api/admin/health: the same checks whatever they say, and what needs a person. */
export const operatorHealthAnswer = z.strictObject({
  health: z.strictObject({ ok: z.boolean(), checkedAt: z.iso.datetime(), ...checks }),
  pendingPayments: z.number().int().nonnegative().meta({ description: "Purchases pending over 10 minutes" }),
  unsentNotices: z.number().int().nonnegative().meta({ description: "Lender notices not emailed after 10 minutes" }),
  failingEndpoints: z.number().int().nonnegative().meta({ description: "Webhook endpoints failing, not disabled" }),
  failedRuns: z.array(
    z.strictObject({
      job: z.enum(JOB_NAMES),
      startedAt: z.iso.datetime(),
      failures: z.array(z.strictObject({ task: z.string(), error: z.string() })),
    }),
  ),
  undeliveredEmails: z
    .array(
      z.strictObject({
        kind: z.string(),
        recipient: z.string(),
        error: z.string(),
        failedAt: z.iso.datetime(),
      }),
    )
    .meta({ description: "Emails the queue gave up on after every retry in the last day (at most 20, newest first)" }),
  lastAlerts: z
    .array(z.strictObject({ kind: z.enum(OPERATOR_ALERT_KINDS), sentAt: z.iso.datetime(), detail: z.string() }))
    .meta({ description: "When the administrators were last emailed about each kind of problem" }),
});
