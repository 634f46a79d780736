/** Running the service: its scheduled jobs and what health reports on them. */

/**
 * The scheduled runs that are recorded: the hourly jobs, and on the 5-minute cron the operator
 * alerts and the M-Pesa sweep (when M-Pesa is configured).
 */
export const JOB_NAMES = ["hourly", "payments", "alerts"] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const JOB_OUTCOMES = ["succeeded", "failed"] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** The hourly run counts as missed after two hours: two runs missed is when an operator is told. */
export const HOURLY_RUN_OVERDUE_MINUTES = 125;
/** A checkpoint is signed at least daily (checkpointDue): one older than 25 hours means the signing stopped. */
export const CHECKPOINT_OVERDUE_HOURS = 25;
/** A webhook delivery queued and never tried for this long means the queue's consumer is not running. */
export const DELIVERY_STUCK_MINUTES = 15;
/** Job runs are kept this long: enough for a month's "failed jobs" and "missed runs". */
export const JOB_RUNS_KEPT_DAYS = 35;
/** Webhook attempts are judged over this window: more than WEBHOOK_FAILURE_PERCENT failed is a failing check. */
export const WEBHOOK_FAILURE_WINDOW_MINUTES = 15;
export const WEBHOOK_FAILURE_PERCENT = 5;
/** Fewer failed attempts than this in the window is one receiver's bad minute, not the platform's. */
export const WEBHOOK_FAILURE_MIN_ATTEMPTS = 5;
/** A purchase still pending after this long needs a person (the System health card counts them). */
export const PAYMENT_PENDING_MINUTES = 10;

/** Emails the queue gave up on are kept this long for an operator to follow up (the recipient's address included). */
export const UNDELIVERED_EMAILS_KEPT_DAYS = 30;

/**
 * What the administrators are emailed about (worker/services/operations/operator-alerts.ts), each
 * at most once an hour: the platform's health checks that failed, purchases pending, and emails
 * the queue gave up on.
 */
export const OPERATOR_ALERT_KINDS = [
  "webhook-failures",
  "webhook-queue",
  "payments-pending",
  "hourly-jobs",
  "checkpoint",
  "signing-key",
  "emails-undelivered",
] as const;
export type OperatorAlertKind = (typeof OPERATOR_ALERT_KINDS)[number];
/** An alert of one kind is emailed again only after this long, however often it is found. */
export const OPERATOR_ALERT_INTERVAL_MINUTES = 60;
