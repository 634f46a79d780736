import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { JOB_NAMES, JOB_OUTCOMES, OPERATOR_ALERT_KINDS } from "../limits/operations";

/**
 * One run of a scheduled job (worker/services/operations/job-runs.ts): when it started and ended,
 * and what failed. Health reads the age of the last run; the System health card lists failures.
 * Kept JOB_RUNS_KEPT_DAYS days.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    job: varchar({ length: 20, enum: JOB_NAMES }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    outcome: varchar({ length: 10, enum: JOB_OUTCOMES }),
    /** The tasks that failed, each with its error's kind and the start of its message (no request data). */
    failures: jsonb().$type<{ task: string; error: string }[]>(),
  },
  (t) => [index("job_runs_latest").on(t.job, t.startedAt)],
);

/**
 * An email the queue gave up on after every retry (worker/services/email/email-delivery.ts): the
 * System health card lists them and the administrators are alerted. The recipient's address is
 * kept so an operator can follow up; rows go after UNDELIVERED_EMAILS_KEPT_DAYS days.
 */
export const undeliveredEmails = pgTable(
  "undelivered_emails",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: varchar({ length: 60 }).notNull(),
    recipient: varchar({ length: 320 }).notNull(),
    attempts: integer().notNull(),
    /** The SMTP server's or the renderer's reason, never the message's body or its links. */
    error: varchar({ length: 300 }).notNull(),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("undelivered_emails_recent").on(t.failedAt)],
);

/**
 * The last alert emailed to the administrators of each kind (worker/services/operations/operator-alerts.ts):
 * claimed atomically, so one kind is emailed at most once per OPERATOR_ALERT_INTERVAL_MINUTES.
 */
export const operatorAlerts = pgTable("operator_alerts", {
  kind: varchar({ length: 30, enum: OPERATOR_ALERT_KINDS }).primaryKey(),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** What was found, as the email said it. */
  detail: text().notNull(),
});
