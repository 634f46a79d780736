import { desc, sql } from "drizzle-orm";
import { jobRuns, operatorAlerts, undeliveredEmails } from "#schema/tables.ts";
import {
  CHECKPOINT_OVERDUE_HOURS,
  DELIVERY_STUCK_MINUTES,
  HOURLY_RUN_OVERDUE_MINUTES,
  PAYMENT_PENDING_MINUTES,
  WEBHOOK_FAILURE_MIN_ATTEMPTS,
  WEBHOOK_FAILURE_PERCENT,
  WEBHOOK_FAILURE_WINDOW_MINUTES,
} from "#schema/limits/operations.ts";
import type { Queryable } from "#worker/db.ts";
import type { Signer } from "#worker/lib/signing.ts";
import { rowsOf } from "../integration/webhooks";
import { latestCheckpoint } from "../records/signed-records";

/*
 * The service's health as an uptime monitor reads it (GET /api/health): cheap (two small queries),
 * no secrets, no personal data. Each check says whether it holds; any of the platform's that does
 * not makes the answer 503. Webhook receivers' failures are reported beside them.
 */

interface HealthCheck {
  ok: boolean;
  /** What an operator reads: what was found, in words. */
  detail: string;
}

interface SystemHealth {
  ok: boolean;
  checkedAt: string;
  database: HealthCheck & { latencyMs: number | null };
  signingKey: HealthCheck;
  hourlyJobs: HealthCheck & { lastRunAt: string | null };
  checkpoint: HealthCheck & { lastSignedAt: string | null };
  webhookQueue: HealthCheck & { stuckDeliveries: number };
  webhookFailures: HealthCheck & { attempts: number; failed: number };
}

interface Figures extends Record<string, unknown> {
  last_hourly_run: string | null;
  last_hourly_outcome: string | null;
  stuck_deliveries: number;
  recent_attempts: number;
  recent_failures: number;
  log_size: string | null;
  key_compromised: boolean;
}

const minutesBetween = (from: string, to: Date) => Math.floor((to.getTime() - new Date(from).getTime()) / 60_000);

/** `signer` is null when the configured signing key could not be loaded. */
export async function systemHealth(db: Queryable, signer: Signer | null, now = new Date()): Promise<SystemHealth> {
  const started = Date.now();
  let figures: Figures;
  let lastSignedAt: string | null;
  try {
    const result = await db.execute(sql`
      SELECT
        (SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM job_runs
          WHERE job = 'hourly' ORDER BY started_at DESC LIMIT 1) AS last_hourly_run,
        (SELECT outcome FROM job_runs WHERE job = 'hourly' AND finished_at IS NOT NULL
          ORDER BY started_at DESC LIMIT 1) AS last_hourly_outcome,
        (SELECT count(*)::int FROM webhook_deliveries WHERE outcome = 'pending' AND attempts = 0
          AND queued_at < now() - make_interval(mins => ${DELIVERY_STUCK_MINUTES})) AS stuck_deliveries,
        (SELECT count(*)::int FROM webhook_attempts
          WHERE attempted_at > now() - make_interval(mins => ${WEBHOOK_FAILURE_WINDOW_MINUTES})) AS recent_attempts,
        (SELECT count(*)::int FROM webhook_attempts WHERE failure IS NOT NULL
          AND attempted_at > now() - make_interval(mins => ${WEBHOOK_FAILURE_WINDOW_MINUTES})) AS recent_failures,
        (SELECT size::text FROM transparency_log_head WHERE id = 1) AS log_size,
        EXISTS (SELECT 1 FROM signing_keys WHERE kid = ${signer?.kid ?? ""} AND compromised_at IS NOT NULL)
          AS key_compromised`);
    figures = rowsOf<Figures>(result)[0]!;
    lastSignedAt = (await latestCheckpoint(db))?.signedAt ?? null;
  } catch (error) {
    console.error("health: the database did not answer", error);
    const unknown = { ok: false, detail: "Unknown: the database did not answer" };
    return {
      ok: false,
      checkedAt: now.toISOString(),
      database: { ok: false, detail: "The database did not answer", latencyMs: null },
      signingKey: signer ? { ok: true, detail: `Key ${signer.kid} loaded` } : unknown,
      hourlyJobs: { ...unknown, lastRunAt: null },
      checkpoint: { ...unknown, lastSignedAt: null },
      webhookQueue: { ...unknown, stuckDeliveries: 0 },
      webhookFailures: { ...unknown, attempts: 0, failed: 0 },
    };
  }
  const latencyMs = Date.now() - started;
  const sinceRun = figures.last_hourly_run ? minutesBetween(figures.last_hourly_run, now) : null;
  const hoursSinceCheckpoint = lastSignedAt ? minutesBetween(lastSignedAt, now) / 60 : null;
  const logIsEmpty = Number(figures.log_size ?? 0) === 0;
  const checks = {
    database: { ok: true, detail: `Answered in ${latencyMs} ms`, latencyMs },
    signingKey: !signer
      ? { ok: false, detail: "The signing key could not be loaded" }
      : figures.key_compromised
        ? { ok: false, detail: `Key ${signer.kid} is marked compromised: signing is paused until it is replaced` }
        : { ok: true, detail: `Key ${signer.kid} loaded` },
    hourlyJobs: {
      ok: sinceRun !== null && sinceRun <= HOURLY_RUN_OVERDUE_MINUTES,
      detail:
        sinceRun === null
          ? "The hourly jobs have not run yet"
          : `Last run ${sinceRun} minutes ago${figures.last_hourly_outcome === "failed" ? ", with failures" : ""}`,
      lastRunAt: figures.last_hourly_run,
    },
    checkpoint: {
      ok: logIsEmpty || (hoursSinceCheckpoint !== null && hoursSinceCheckpoint <= CHECKPOINT_OVERDUE_HOURS),
      detail:
        hoursSinceCheckpoint === null
          ? logIsEmpty
            ? "Nothing logged yet"
            : "No checkpoint signed yet"
          : `Last signed ${Math.floor(hoursSinceCheckpoint)} hours ago`,
      lastSignedAt,
    },
    webhookQueue: {
      ok: figures.stuck_deliveries === 0,
      detail:
        figures.stuck_deliveries === 0
          ? "No delivery waiting on the queue"
          : `${figures.stuck_deliveries} deliveries queued over ${DELIVERY_STUCK_MINUTES} minutes ago and never tried: is the queue's consumer running?`,
      stuckDeliveries: figures.stuck_deliveries,
    },
    webhookFailures: webhookFailuresCheck(figures.recent_attempts, figures.recent_failures),
  };
  // Receivers failing are reported, never a 503: a receiver is its owner's to fix, and a monitor
  // paging for it would page for every customer's outage. Operators are told past the threshold.
  const { webhookFailures, ...platform } = checks;
  return {
    ok: Object.values(platform).every((check) => check.ok),
    checkedAt: now.toISOString(),
    ...platform,
    webhookFailures,
  };
}

/** Receivers failing together: more than 5 % of the last 15 minutes' attempts, and at least five of them. */
function webhookFailuresCheck(attempts: number, failed: number) {
  const percent = attempts === 0 ? 0 : Math.round((failed / attempts) * 100);
  const failing = failed >= WEBHOOK_FAILURE_MIN_ATTEMPTS && percent > WEBHOOK_FAILURE_PERCENT;
  return {
    ok: !failing,
    detail:
      attempts === 0
        ? `No delivery attempted in the last ${WEBHOOK_FAILURE_WINDOW_MINUTES} minutes`
        : `${failed} of ${attempts} attempts failed in the last ${WEBHOOK_FAILURE_WINDOW_MINUTES} minutes (${percent} %)`,
    attempts,
    failed,
  };
}

interface Backlog extends Record<string, unknown> {
  pending_payments: number;
  unsent_notices: number;
  failing_endpoints: number;
}

/**
 * What an administrator's System health card shows beside the checks: purchases still pending
 * after PAYMENT_PENDING_MINUTES, lender notices not emailed after 10 minutes, webhook endpoints
 * failing, the scheduled runs that failed in the last day with their failed tasks, the emails
 * the queue gave up on in the last day, and when each kind of alert was last emailed.
 */
export async function operatorHealth(db: Queryable, signer: Signer | null, now = new Date()) {
  const health = await systemHealth(db, signer, now);
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM purchases WHERE status = 'pending'
        AND created_at < now() - make_interval(mins => ${PAYMENT_PENDING_MINUTES})) AS pending_payments,
      (SELECT count(*)::int FROM watch_notices WHERE emailed_at IS NULL
        AND created_at < now() - interval '10 minutes') AS unsent_notices,
      (SELECT count(*)::int FROM webhook_endpoints WHERE failing_since IS NOT NULL AND disabled_at IS NULL)
        AS failing_endpoints`);
  const backlog = rowsOf<Backlog>(result)[0]!;
  const failedRuns = await db
    .select({
      job: jobRuns.job,
      startedAt: jobRuns.startedAt,
      failures: jobRuns.failures,
    })
    .from(jobRuns)
    .where(sql`${jobRuns.outcome} = 'failed' AND ${jobRuns.startedAt} > now() - interval '1 day'`)
    .orderBy(desc(jobRuns.startedAt))
    .limit(20);
  const undelivered = await db
    .select({
      kind: undeliveredEmails.kind,
      recipient: undeliveredEmails.recipient,
      error: undeliveredEmails.error,
      failedAt: undeliveredEmails.failedAt,
    })
    .from(undeliveredEmails)
    .where(sql`${undeliveredEmails.failedAt} > now() - interval '1 day'`)
    .orderBy(desc(undeliveredEmails.failedAt))
    .limit(20);
  const alerts = await db
    .select({ kind: operatorAlerts.kind, sentAt: operatorAlerts.sentAt, detail: operatorAlerts.detail })
    .from(operatorAlerts)
    .orderBy(desc(operatorAlerts.sentAt));
  return {
    health,
    pendingPayments: backlog.pending_payments,
    unsentNotices: backlog.unsent_notices,
    failingEndpoints: backlog.failing_endpoints,
    failedRuns: failedRuns.map((run) => ({ ...run, failures: run.failures ?? [] })),
    undeliveredEmails: undelivered,
    lastAlerts: alerts,
  };
}
