import { sql } from "drizzle-orm";
import {
  OPERATOR_ALERT_INTERVAL_MINUTES,
  type OperatorAlertKind,
  PAYMENT_PENDING_MINUTES,
  UNDELIVERED_EMAILS_KEPT_DAYS,
} from "#schema/limits/operations.ts";
import { operatorAlerts, undeliveredEmails } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import type { Database } from "#worker/db.ts";
import type { Signer } from "#worker/lib/signing.ts";
import { activeAdministratorEmails } from "../email/administrators";
import { queueEmailsNow } from "../email/email";
import { operatorHealth } from "./health";

/*
 * The administrators are emailed when something needs a person (docs/operations.md, Alerts): run
 * by the 5-minute cron, so a problem is mailed within minutes of being found, and each kind at
 * most once per OPERATOR_ALERT_INTERVAL_MINUTES however often it is found again. Everything found
 * in one run goes in one email per administrator.
 */

export interface OperatorProblem {
  kind: OperatorAlertKind;
  /** What was found, in an operator's words. */
  detail: string;
}

/** What needs a person now, read from the same figures as the System health card. */
export async function operatorProblems(db: Database, signer: Signer | null, now: Date): Promise<OperatorProblem[]> {
  const { health, pendingPayments, undeliveredEmails: undelivered } = await operatorHealth(db, signer, now);
  const problems: OperatorProblem[] = [];
  if (!health.webhookFailures.ok) problems.push({ kind: "webhook-failures", detail: health.webhookFailures.detail });
  if (!health.webhookQueue.ok) problems.push({ kind: "webhook-queue", detail: health.webhookQueue.detail });
  if (pendingPayments > 0) {
    problems.push({
      kind: "payments-pending",
      detail: `${pendingPayments} payment${pendingPayments === 1 ? " has" : "s have"} been pending for over ${PAYMENT_PENDING_MINUTES} minutes`,
    });
  }
  // Never run is a deployment's first hours, shown by health; two runs missed after one is the alert.
  if (!health.hourlyJobs.ok && health.hourlyJobs.lastRunAt) {
    problems.push({ kind: "hourly-jobs", detail: `The hourly cron has missed two runs: ${health.hourlyJobs.detail}` });
  }
  if (!health.checkpoint.ok) {
    problems.push({
      kind: "checkpoint",
      detail: `The transparency log's checkpoint is overdue: ${health.checkpoint.detail}`,
    });
  }
  if (!health.signingKey.ok) problems.push({ kind: "signing-key", detail: health.signingKey.detail });
  const lastHour = undelivered.filter((email) => now.getTime() - new Date(email.failedAt).getTime() <= 3_600_000);
  if (lastHour.length > 0) {
    problems.push({
      kind: "emails-undelivered",
      detail: `${lastHour.length} email${lastHour.length === 1 ? " was" : "s were"} given up on after every retry in the last hour (${[...new Set(lastHour.map((email) => email.kind))].join(", ")})`,
    });
  }
  return problems;
}

/**
 * Claims each problem's kind (one not emailed in the last interval; atomic, so two runs at once
 * email it once) and emails the claimed ones to every active administrator. Returns the kinds
 * emailed.
 */
export async function alertOperators(db: Database, env: Bindings, problems: OperatorProblem[]) {
  if (problems.length === 0) return [];
  const claimed = await db
    .insert(operatorAlerts)
    .values(problems)
    .onConflictDoUpdate({
      target: operatorAlerts.kind,
      set: { sentAt: sql`now()`, detail: sql`excluded.detail` },
      setWhere: sql`${operatorAlerts.sentAt} <= now() - make_interval(mins => ${OPERATOR_ALERT_INTERVAL_MINUTES})`,
    })
    .returning({ kind: operatorAlerts.kind });
  const kinds = new Set(claimed.map(({ kind }) => kind));
  const fresh = problems.filter(({ kind }) => kinds.has(kind));
  if (fresh.length === 0) return [];
  const administrators = await activeAdministratorEmails(db);
  console.error("operator alert", JSON.stringify({ kinds: [...kinds], administrators: administrators.length }));
  await queueEmailsNow(
    env,
    administrators.map((to) => ({ kind: "operator-alert" as const, to, problems: fresh })),
  );
  return fresh.map(({ kind }) => kind);
}

/** The hourly job's housekeeping: emails given up on over UNDELIVERED_EMAILS_KEPT_DAYS ago are forgotten. */
export async function pruneUndeliveredEmails(db: Database) {
  await db
    .delete(undeliveredEmails)
    .where(sql`${undeliveredEmails.failedAt} < now() - make_interval(days => ${UNDELIVERED_EMAILS_KEPT_DAYS})`);
}
