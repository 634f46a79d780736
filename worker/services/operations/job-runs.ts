import { eq, sql } from "drizzle-orm";
import { JOB_RUNS_KEPT_DAYS, type JobName } from "#schema/limits/operations.ts";
import { jobRuns } from "#schema/tables.ts";
import type { Queryable } from "#worker/db.ts";
import { logLine } from "#worker/lib/log-lines.ts";

/*
 * Scheduled runs, recorded (job_runs): health reads when the hourly jobs last ran, and the System
 * health card which tasks failed. A task's failure is kept as its error's kind and the start of
 * its message; the run still throws it, so the platform reports the run as failed too.
 */

/** One task of a run, named as the System health card lists it. */
type JobTasks = Record<string, () => Promise<unknown>>;

/** An error as a run keeps it: its kind and the start of its message, never a stack or a request's data. */
function describeFailure(reason: unknown): string {
  const error = reason instanceof Error ? reason : new Error(String(reason));
  return `${error.name}: ${error.message}`.slice(0, 300);
}

/**
 * Runs `phases` one after another, the tasks of each at once and independently (one failing never
 * skips another), recorded as one run of `job`; throws the first failure once the run is recorded.
 */
export async function runRecordedJob(db: Queryable, job: JobName, phases: JobTasks[]): Promise<void> {
  const started = Date.now();
  const [run] = await db.insert(jobRuns).values({ job }).returning({ id: jobRuns.id });
  const failures: { task: string; error: string }[] = [];
  let firstFailure: unknown;
  for (const phase of phases) {
    const names = Object.keys(phase);
    const settled = await Promise.allSettled(names.map((name) => phase[name]!()));
    settled.forEach((result, index) => {
      if (result.status === "fulfilled") return;
      firstFailure ??= result.reason;
      failures.push({ task: names[index]!, error: describeFailure(result.reason) });
    });
  }
  await db
    .update(jobRuns)
    .set({
      finishedAt: sql`now()`,
      outcome: failures.length === 0 ? "succeeded" : "failed",
      failures: failures.length === 0 ? null : failures,
    })
    .where(eq(jobRuns.id, run!.id));
  logLine({
    type: "job",
    job,
    outcome: failures.length === 0 ? "succeeded" : "failed",
    durationMs: Date.now() - started,
    failedTasks: failures.map(({ task }) => task),
  });
  if (failures.length > 0) throw firstFailure;
}

/** The hourly job's own housekeeping: runs older than JOB_RUNS_KEPT_DAYS are dropped. */
export async function pruneJobRuns(db: Queryable) {
  await db.delete(jobRuns).where(sql`${jobRuns.startedAt} < now() - make_interval(days => ${JOB_RUNS_KEPT_DAYS})`);
}
