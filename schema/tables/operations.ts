import { bigserial, index, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { JOB_NAMES, JOB_OUTCOMES } from "../limits/operations";

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
