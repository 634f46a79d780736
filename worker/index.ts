import { app } from "./app";
import { errorReportOptions, reportErrorsOf } from "./lib/error-reports";
import { logLine } from "./lib/log-lines";
import { type Config, readConfig } from "./config";
import { connectDatabase, type Database, type Transactional } from "./db";
import { type RecordDisagreement, signerFor } from "./lib/signing";
import { alertAdministrators } from "./services/companies/administrator-alerts";
import type { Bindings } from "./bindings";
import type { EmailMessage } from "./lib/email-templates";
import { queueEmailsNow } from "./services/email/email";
import { deliverEmails } from "./services/email/email-delivery";
import { deleteExpiredIdempotencyKeys } from "./services/codes/idempotency";
import { sendScanAlertDigests } from "./services/scans/scan-alert-emails";
import { deliverDigestPages, queueDueDigestPages } from "./services/scans/daily-digests";
import { deliverScanAlerts } from "./services/scans/scan-alerts";
import { type ScanAlertMessage } from "./queue-messages";
import { maintainScanHistory } from "./services/scans/scan-history";
import { checkpointDue, signCheckpoint } from "./services/records/signed-records";
import { archiveLogRecords } from "./services/records/log-archive";
import { pruneJobRuns, runRecordedJob } from "./services/operations/job-runs";
import { deleteExpiredSignInData } from "./services/accounts/expired-sign-in-data";
import {
  deleteEvidenceFiles,
  eraseExpiredTaxRecords,
  forgetUnsignedValuersOfClosedFirms,
  purgeDueAccounts,
  recentlyClosedFirmsFiles,
} from "./services/privacy/closing";
import { alertOperators, operatorProblems, pruneUndeliveredEmails } from "./services/operations/operator-alerts";
import { remindPractisingCertificates } from "./services/register/practising-certificates";
import { sweepWatchNotices } from "./services/lenders/watch-notices";
import { deliverWebhooks, sweepWebhooks } from "./services/integration/webhook-deliveries";
import type { DigestPageMessage, MpesaCheckMessage, WebhookDeliveryMessage } from "./queue-messages";
import { checkQueuedPrompts, runMpesaSweep } from "./services/billing/mpesa-jobs";

export { CodeScans } from "./durable-objects/code-scans";

type QueueMessage = ScanAlertMessage | EmailMessage | WebhookDeliveryMessage | MpesaCheckMessage | DigestPageMessage;

/** The 5-minute cron (wrangler.toml): the operator alerts, and M-Pesa prompts still waiting asked about again. */
const FIVE_MINUTE_CRON = "*/5 * * * *";

/**
 * The checkpoint names the platform by its public origin; without one configured it waits for a
 * request's. A head that does not extend the last checkpoint is not signed, and the
 * administrators are told before the run ends.
 */
async function signCheckpointIfDue(db: Database, env: Bindings, config: Config) {
  if (!config.PUBLIC_ORIGIN || !(await checkpointDue(db))) return;
  const disagreements: RecordDisagreement[] = [];
  try {
    await signCheckpoint(db, {
      signer: await signerFor(config.SIGNING_KEY),
      origin: config.PUBLIC_ORIGIN.replace(/\/+$/, ""),
      reportDisagreement: (disagreement) => disagreements.push(disagreement),
      archive: env.EVIDENCE,
    });
  } finally {
    for (const disagreement of disagreements) await alertAdministrators(env, db, disagreement);
  }
}

/** The log's records older than 30 days move to R2 (decision 077); how many goes to the log. */
async function archiveLogRecordsDue(db: Database, env: Bindings) {
  const entries = await archiveLogRecords(db, env.EVIDENCE);
  console.log("log records archived", JSON.stringify({ entries }));
}

/**
 * Accounts and organisations whose 30 days of grace have ended are erased and closed; the closed
 * firms' practising-certificate files are deleted from storage (again each run for two days, should
 * a delete have failed), and after those days the valuers who signed nothing are forgotten.
 */
async function purgeClosedAccounts(env: Bindings, db: Database, transactional: () => Transactional) {
  const done = await purgeDueAccounts(transactional());
  await deleteEvidenceFiles(env.EVIDENCE, await recentlyClosedFirmsFiles(db));
  const valuersForgotten = await forgetUnsignedValuersOfClosedFirms(db);
  console.log(
    "closed accounts purged",
    JSON.stringify({ companies: done.companies, users: done.users, valuersForgotten }),
  );
}

/** Partitions, roll-ups and retention of the scan history; what it did goes to the log. */
async function maintainScanHistoryAndLog(db: Database, now: Date, config: Config) {
  const done = await maintainScanHistory(db, now, {
    months: config.SCAN_RETENTION_MONTHS,
    orphanDays: config.ORPHAN_SCAN_RETENTION_DAYS,
  });
  console.log("scan history maintained", JSON.stringify(done));
}

/**
 * The hourly cron: the daily digests due this hour (each company's from 08:00, once a day, queued
 * in pages that the digests queue sends and retries one by one), the alert digests of the hour that
 * just ended (codes scanned more often than they get alert emails for; once per hour, however often
 * the run is made), the sweep of Idempotency-Keys past their 24 hours, the log's checkpoint (signed
 * when the log grew, and at least once a day), the log's old records moved to R2, the webhooks'
 * sweep (codes that expired, deliveries never queued, events past their 30 days), the watches'
 * (lenders told of codes that expired, notices a request could not email), December's reminders of
 * practising certificates about to expire; then the scan history's (months ahead, finished days
 * closed, raw history past its retention dropped). They are independent, so one failing never skips
 * another; the run is recorded (job_runs, read by health) and a failure is still thrown, so the
 * platform reports the run as failed too.
 */
async function runHourlyJobs(controller: ScheduledController, env: Bindings) {
  const now = new Date(controller.scheduledTime);
  const config = readConfig(env);
  const { db, transactional, close } = connectDatabase(config);
  try {
    await runRecordedJob(db, "hourly", [
      {
        "scan digests": () =>
          queueDueDigestPages(db, now, async (pages) => {
            await env.DIGESTS.sendBatch(pages.map((body) => ({ body, contentType: "json" as const })));
          }),
        "scan alert digests": () => sendScanAlertDigests(db, now, (digests) => queueEmailsNow(env, digests)),
        "idempotency keys": () => deleteExpiredIdempotencyKeys(db, now),
        "log checkpoint": () => signCheckpointIfDue(db, env, config),
        "log records archived": () => archiveLogRecordsDue(db, env),
        "webhook sweep": () => sweepWebhooks(db, env),
        "watch notices": () => sweepWatchNotices(db, transactional, env),
        "practising certificate reminders": () =>
          remindPractisingCertificates(db, now, (reminders) => queueEmailsNow(env, reminders)),
        "job runs pruned": () => pruneJobRuns(db),
        "undelivered emails pruned": () => pruneUndeliveredEmails(db),
        "expired sign-in data": () => deleteExpiredSignInData(db),
        "closed accounts purged": () => purgeClosedAccounts(env, db, transactional),
        "expired tax records": () => eraseExpiredTaxRecords(transactional(), config.TAX_RECORD_YEARS),
      },
      // After the jobs that read the scan log: moving a month's rows out of the default partition
      // locks it for a moment, and the digests must not read the month half-way through a move.
      { "scan history": () => maintainScanHistoryAndLog(db, now, config) },
    ]);
  } finally {
    await close();
  }
}

/**
 * Every 5 minutes: what needs a person is emailed to the administrators (each kind at most hourly).
 * A signing key that cannot be loaded is itself one of the problems, not a reason to stay silent.
 */
async function runOperatorAlerts(env: Bindings, now: Date) {
  const config = readConfig(env);
  const { db, close } = connectDatabase(config);
  try {
    const signer = await signerFor(config.SIGNING_KEY).catch(() => null);
    await runRecordedJob(db, "alerts", [
      { "operator alerts": async () => alertOperators(db, env, await operatorProblems(db, signer, now)) },
    ]);
  } finally {
    await close();
  }
}

/** The 5-minute cron's two jobs, independent: one failing never skips the other. */
async function runFiveMinuteJobs(env: Bindings, now: Date) {
  const results = await Promise.allSettled([runOperatorAlerts(env, now), runMpesaSweep(env, now)]);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** Each queue's consumer (wrangler.toml); a test's queue may carry a suffix after the name. */
async function consumeQueue(batch: MessageBatch<QueueMessage>, env: Bindings) {
  if (batch.queue.startsWith("emails")) await deliverEmails(batch as MessageBatch<EmailMessage>, env);
  else if (batch.queue.startsWith("webhooks")) {
    await deliverWebhooks(batch as MessageBatch<WebhookDeliveryMessage>, env);
  } else if (batch.queue.startsWith("digests")) {
    await deliverDigestPages(batch as MessageBatch<DigestPageMessage>, env);
  } else if (batch.queue.startsWith("payments")) {
    await checkQueuedPrompts(batch as MessageBatch<MpesaCheckMessage>, env);
  } else await deliverScanAlerts(batch as MessageBatch<ScanAlertMessage>, env);
}

export default reportErrorsOf(errorReportOptions, {
  fetch: app.fetch,
  // The context is the platform's: the error reporting that wraps these handlers flushes through it.
  async queue(batch, env, _ctx: ExecutionContext) {
    const started = Date.now();
    const line = { type: "queue" as const, queue: batch.queue, messages: batch.messages.length };
    try {
      await consumeQueue(batch, env);
    } catch (error) {
      logLine({ ...line, durationMs: Date.now() - started, outcome: "failed" });
      throw error;
    }
    logLine({ ...line, durationMs: Date.now() - started, outcome: "succeeded" });
  },
  async scheduled(controller, env, _ctx: ExecutionContext) {
    if (controller.cron === FIVE_MINUTE_CRON) await runFiveMinuteJobs(env, new Date(controller.scheduledTime));
    else await runHourlyJobs(controller, env);
  },
} satisfies ExportedHandler<Bindings, QueueMessage>);
