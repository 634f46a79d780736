import { History } from "lucide-react";
import { useState } from "react";
import type { WebhookAttempt } from "../../../../schema/api-v1";
import type { WebhookDeliveryFailure } from "../../../../schema/limits";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { useFailureToast } from "../../../components/ui/failure-toast";
import { Pagination } from "../../../components/ui/pagination";
import { QueryContent } from "../../../components/ui/query-content";
import { StatusBadge } from "../../../components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../../components/ui/table";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
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

/** An endpoint's delivery log: every attempt, newest first, with Resend for the owner. */
export function WebhookAttempts({ endpointId, canResend }: { endpointId: string; canResend: boolean }) {
  const [page, setPage] = useState(1);
  const attempts = useWebhookAttempts(endpointId, page);
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
                  {canResend && (
                    <TableHeaderCell>
                      <span className="sr-only">Actions</span>
                    </TableHeaderCell>
                  )}
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
                    {canResend && (
                      <TableCell label="Actions">
                        <ResendButton endpointId={endpointId} attempt={attempt} />
                      </TableCell>
                    )}
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
