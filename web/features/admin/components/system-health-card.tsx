import { Link } from "react-router";
import type { z } from "zod";
import type { operatorHealthAnswer } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { LoadFailed } from "#web/components/ui/load-failed.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useOperatorHealth } from "../api/health";

type OperatorHealth = z.infer<typeof operatorHealthAnswer>;

/** Each check of GET /api/health, named as an operator reads it. */
const CHECK_NAMES: Record<Exclude<keyof OperatorHealth["health"], "ok" | "checkedAt">, string> = {
  database: "Database",
  signingKey: "Signing key",
  hourlyJobs: "Hourly jobs",
  checkpoint: "Log checkpoint",
  webhookQueue: "Webhook queue",
  webhookFailures: "Webhook receivers",
};

/** The scheduled jobs that are recorded, named as the card lists their failures. */
const JOB_LABELS: Record<OperatorHealth["failedRuns"][number]["job"], string> = {
  hourly: "Hourly jobs",
  payments: "M-Pesa sweep",
  alerts: "Operator alerts",
};

function CheckLine({ name, ok, detail }: { name: string; ok: boolean; detail: string }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2" data-health-check={name} data-ok={ok}>
      <span className={cn("font-medium", ok ? "text-emerald-700" : "text-red-700")}>
        {ok ? "✓" : "✕"} {name}
      </span>
      <span className="min-w-0 text-sm [overflow-wrap:anywhere] text-slate-600">{detail}</span>
    </li>
  );
}

/** A backlog a person must look at, linking to its list where one exists. */
function Backlog({ label, count, to }: { label: string; count: number; to?: string }) {
  const text = `${label}: ${count}`;
  return (
    <li className={cn("text-sm", count > 0 ? "font-medium text-amber-800" : "text-slate-600")}>
      {to && count > 0 ? (
        <Link to={to} className="underline">
          {text}
        </Link>
      ) : (
        text
      )}
    </li>
  );
}

/**
 * The dashboard's System health card: what an uptime monitor reads at /api/health, whatever it
 * says, then what needs a person (stuck payments, unsent notices, failing endpoints, failed runs).
 */
export function SystemHealthCard() {
  const health = useOperatorHealth();
  const data = health.data;
  return (
    <SectionCard
      title="System health"
      description={data ? `Checked ${formatDateTime(data.health.checkedAt)}` : undefined}
      actions={
        <Button variant="secondary" size="sm" onClick={() => health.refetch()} disabled={health.isFetching}>
          Check again
        </Button>
      }
    >
      {health.isPending ? (
        <SkeletonRows label="Checking the system..." />
      ) : health.isError ? (
        <LoadFailed
          title="The system's health could not be read"
          error={health.error}
          onRetry={() => health.refetch()}
        />
      ) : (
        <div className="space-y-4">
          <p role="status" className={cn("font-semibold", data!.health.ok ? "text-emerald-700" : "text-red-700")}>
            {data!.health.ok ? "All systems working" : "Something needs attention: GET /api/health answers 503"}
          </p>
          <ul className="space-y-1" aria-label="Health checks">
            {(Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[]).map((key) => (
              <CheckLine key={key} name={CHECK_NAMES[key]} {...data!.health[key]} />
            ))}
          </ul>
          <ul className="space-y-1" aria-label="Waiting for a person">
            <Backlog label="Payments pending over 10 minutes" count={data!.pendingPayments} to="/admin/billing" />
            <Backlog label="Lender notices not yet emailed" count={data!.unsentNotices} />
            <Backlog label="Webhook endpoints failing" count={data!.failingEndpoints} />
            <Backlog label="Scheduled runs failed in the last day" count={data!.failedRuns.length} />
            <Backlog label="Emails given up on in the last day" count={data!.undeliveredEmails.length} />
          </ul>
          {data!.failedRuns.length > 0 && (
            <ul className="space-y-2 text-sm" aria-label="Failed runs">
              {data!.failedRuns.map((run) => (
                <li key={`${run.job}-${run.startedAt}`} className="rounded-md border border-red-200 bg-red-50 p-3">
                  <p className="font-medium text-red-800">
                    {JOB_LABELS[run.job]}, {formatDateTime(run.startedAt)}
                  </p>
                  {run.failures.map((failure) => (
                    <p key={failure.task} className="[overflow-wrap:anywhere] text-red-700">
                      {failure.task}: {failure.error}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          )}
          {data!.undeliveredEmails.length > 0 && (
            <ul className="space-y-2 text-sm" aria-label="Emails given up on">
              {data!.undeliveredEmails.map((email) => (
                <li
                  key={`${email.failedAt}-${email.recipient}-${email.kind}`}
                  className="rounded-md border border-amber-200 bg-amber-50 p-3 [overflow-wrap:anywhere]"
                >
                  <p className="font-medium text-amber-900">
                    “{email.kind}” to {email.recipient}, {formatDateTime(email.failedAt)}
                  </p>
                  <p className="text-amber-800">{email.error}</p>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-slate-600">
            {data!.lastAlerts.length === 0
              ? "No alert emailed to the administrators yet."
              : `Last alert emailed ${formatDateTime(data!.lastAlerts[0]!.sentAt)}: ${data!.lastAlerts[0]!.detail}`}
          </p>
        </div>
      )}
    </SectionCard>
  );
}
