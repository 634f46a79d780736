import { History } from "lucide-react";
import { useState } from "react";
import type { WebhookAttempt } from "#schema/api-v1.ts";
import type { WebhookDeliveryFailure } from "#schema/limits/integration.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useResendWebhookDelivery, useWebhookAttempts } from "../api/webhooks";

/** Why an attempt did not arrive, when the receiver's status does not say it. */
const FAILURES = {
  "receiver-error": "Receiver answered with an error",
  "no-answer": "No answer",
  "address-not-allowed": "Address not allowed",
} as const satisfies Record<WebhookDeliveryFailure, string>;

function AttemptResult({ attempt }: { attempt: WebhookAttempt }) {
  const status = attempt.statusCode ? `HTTP ${attempt.statusCode}` : null;
  return (
    <span className="flex flex-wrap items-center justify-end gap-2 sm:justify-start">
      <StatusBadge status={attempt.failure ? "delivery-failed" : "delivery-delivered"} />
      <span className="text-slate-600">
        {[status, attempt.failure && !status ? FAILURES[attempt.failure] : null].filter(Boolean).join(" ")}
      </span>
    </span>
  );
}

function ResendButton({ endpointId, attempt }: { endpointId: string; attempt: WebhookAttempt }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const resend = useResendWebhookDelivery();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={resend.isPending}
      aria-label={`Resend ${attempt.eventType} ${attempt.eventId}`}
      onClick={() =>
        resend.mutate(
          { endpointId, eventId: attempt.eventId },
          {
            onSuccess: () =>
              toast({ title: "Delivery queued", description: "The event is sent again with the same webhook-id." }),
            onError: (error) => showFailure("Failed to resend the delivery", error),
          },
        )
      }
    >
      {resend.isPending ? "Resending..." : "Resend"}
    </Button>
  );
}

/** A JSON body laid out for reading; anything else (an HTML error page, plain text) as it came. */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function BodyBlock({ label, body }: { label: string; body: string }) {
  return (
    <div className="space-y-1">
      <p className="font-medium text-slate-900">{label}</p>
      <pre
        tabIndex={0}
        aria-label={label}
        className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-900"
      >
        {readableBody(body)}
      </pre>
    </div>
  );
}

/** What was sent and what came back, for reading why a receiver refused an event. */
function AttemptBodiesButton({ attempt }: { attempt: WebhookAttempt }) {
  const [open, setOpen] = useState(false);
  const answer = attempt.statusCode ? `HTTP ${attempt.statusCode}` : FAILURES[attempt.failure ?? "no-answer"];
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Request and response of ${attempt.eventType} attempt ${attempt.attempt}`}
        onClick={() => setOpen(true)}
      >
        Details
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        size="xl"
        title={`${attempt.eventType}, attempt ${attempt.attempt}`}
        description={`${formatDateTime(attempt.attemptedAt)} · webhook-id ${attempt.eventId}`}
      >
        <div className="space-y-4 text-sm">
          <BodyBlock label="Request body" body={attempt.requestBody} />
          <div className="space-y-1">
            <p className="font-medium text-slate-900">Response: {answer}</p>
            {attempt.responseBody ? (
              <BodyBlock label="Response body" body={attempt.responseBody} />
            ) : (
              <p className="text-slate-600">
                {attempt.statusCode ? "The receiver answered with an empty body." : "Nothing came back."}
              </p>
            )}
            <p className="text-slate-600">The log keeps the first 2 KB of each answer, for 30 days.</p>
          </div>
        </div>
      </Dialog>
    </>
  );
}

/**
 * An endpoint's delivery log: every attempt, newest first, with what was sent and answered, and
 * Resend for the owner. `awaitedEventId` is an event just sent whose attempt the log waits for.
 */
export function WebhookAttempts({
  endpointId,
  canResend,
  awaitedEventId = null,
}: {
  endpointId: string;
  canResend: boolean;
  awaitedEventId?: string | null;
}) {
  const [page, setPage] = useState(1);
  const attempts = useWebhookAttempts(endpointId, page, awaitedEventId);
  return (
    <QueryContent
      query={attempts}
      loadingLabel="Loading deliveries..."
      failureTitle="The delivery log could not be loaded"
    >
      {(data) =>
        data.total === 0 ? (
          <EmptyState
            icon={History}
            title="No deliveries yet"
            description="Each attempt to send an event to this endpoint appears here."
          />
        ) : (
          <div>
            <Table caption="Delivery log" stackOnPhone>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Time</TableHeaderCell>
                  <TableHeaderCell>Event</TableHeaderCell>
                  <TableHeaderCell>Result</TableHeaderCell>
                  <TableHeaderCell>Response time</TableHeaderCell>
                  <TableHeaderCell>Attempt</TableHeaderCell>
                  <TableHeaderCell>
                    <span className="sr-only">Actions</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((attempt) => (
                  <TableRow key={`${attempt.eventId}-${attempt.attempt}`}>
                    <TableCell className="font-medium text-slate-900">{formatDateTime(attempt.attemptedAt)}</TableCell>
                    <TableCell label="Event">
                      <code className="font-mono">{attempt.eventType}</code>
                    </TableCell>
                    <TableCell label="Result">
                      <AttemptResult attempt={attempt} />
                    </TableCell>
                    <TableCell label="Response time">
                      {attempt.responseMs === null ? "—" : `${attempt.responseMs} ms`}
                    </TableCell>
                    <TableCell label="Attempt">
                      {attempt.attempt}
                      {attempt.trigger === "resend" ? " (resent)" : ""}
                    </TableCell>
                    <TableCell label="Actions">
                      <span className="flex flex-wrap justify-end gap-2 sm:justify-start">
                        <AttemptBodiesButton attempt={attempt} />
                        {canResend && attempt.eventType !== "webhook.test" && (
                          <ResendButton endpointId={endpointId} attempt={attempt} />
                        )}
                      </span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={setPage}
              label="Delivery log pages"
            />
          </div>
        )
      }
    </QueryContent>
  );
}
