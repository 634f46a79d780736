import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  DATA_REQUEST_DUE_DAYS,
  DATA_REQUEST_KINDS,
  DATA_REQUESTER_ROLES,
  type DataRequestKind,
  type DataRequesterRole,
} from "#schema/limits/privacy.ts";
import type { DataRequestAnswer } from "#schema/responses/privacy.ts";
import {
  dataRequestUpdateSchema,
  newDataRequestSchema,
  type DataRequestUpdate,
  type NewDataRequestInput,
} from "#schema/validation/privacy.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { bound, InputField, SelectField, TextareaField } from "#web/components/ui/field.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { LoadFailed } from "#web/components/ui/load-failed.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { StatusBadge, type StatusName } from "#web/components/ui/status-badge.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useAnswerDataRequest, useDataRequests, useRecordDataRequest } from "../api/data-requests";

const KIND_LABELS: Record<DataRequestKind, string> = {
  access: "Access: a copy of their data",
  rectification: "Rectification: correct their data",
  erasure: "Erasure: delete their data",
  restriction: "Restriction: stop using it for now",
  portability: "Portability: their data in a file",
  objection: "Objection: stop a use of it",
};

const ROLE_LABELS: Record<DataRequesterRole, string> = {
  valuer: "A valuer named on certificates",
  scanner: "Someone who scanned a code",
  other: "Someone else",
};

const today = () => new Date().toISOString().slice(0, 10);
const day = (value: string) => formatDate(new Date(`${value}T00:00:00Z`), "long");

function RecordRequestForm() {
  const record = useRecordDataRequest();
  const form = useForm<NewDataRequestInput>({
    resolver: zodResolver(newDataRequestSchema),
    defaultValues: {
      requesterName: "",
      requesterContact: "",
      requesterRole: "valuer",
      kind: "access",
      request: "",
      receivedOn: today(),
    },
  });
  const showFailure = useFormFailure(form.setError, [
    "requesterName",
    "requesterContact",
    "requesterRole",
    "kind",
    "request",
    "receivedOn",
  ]);
  const kind = useWatch({ control: form.control, name: "kind" });
  const submit = form.handleSubmit((values) =>
    record.mutate(values, {
      onSuccess: () => form.reset({ ...form.formState.defaultValues, receivedOn: today() }),
      onError: (error) => showFailure("Failed to record the request", error),
    }),
  );
  return (
    <SectionCard
      title="Record a request"
      description="From someone who is not a user: a valuer named on certificates, a person who scanned a code, anyone else."
    >
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <InputField label="Who is asking" {...bound(form, "requesterName")} />
        <InputField
          label="How to answer them"
          hint="An email or a postal address"
          {...bound(form, "requesterContact")}
        />
        <SelectField label="They are" {...bound(form, "requesterRole")}>
          {DATA_REQUESTER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="They ask for"
          hint={`Due ${DATA_REQUEST_DUE_DAYS[kind]} days after it was received`}
          {...bound(form, "kind")}
        >
          {DATA_REQUEST_KINDS.map((option) => (
            <option key={option} value={option}>
              {KIND_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="What they asked, in their words"
          className="sm:col-span-2"
          rows={3}
          {...bound(form, "request")}
        />
        <InputField label="Received on" type="date" {...bound(form, "receivedOn")} />
        <div className="flex items-end">
          <Button type="submit" disabled={record.isPending}>
            Record request
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

function AnswerForm({ request, onDone }: { request: DataRequestAnswer; onDone: () => void }) {
  const answer = useAnswerDataRequest(request.id);
  const form = useForm<DataRequestUpdate>({
    resolver: zodResolver(dataRequestUpdateSchema),
    defaultValues: { status: "done", actionsTaken: "", answer: "", answeredOn: today() },
  });
  const showFailure = useFormFailure(form.setError, ["status", "actionsTaken", "answer", "answeredOn"]);
  const submit = form.handleSubmit((values) =>
    answer.mutate(values, {
      onSuccess: onDone,
      onError: (error) => showFailure("Failed to update the request", error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 border-t border-slate-200 pt-3">
      <SelectField label="Outcome" {...bound(form, "status")}>
        <option value="done">Done</option>
        <option value="refused">Refused</option>
      </SelectField>
      <TextareaField label="What was done" rows={2} {...bound(form, "actionsTaken")} />
      <TextareaField label="The answer, as sent" rows={3} {...bound(form, "answer")} />
      <InputField label="Sent on" type="date" {...bound(form, "answeredOn")} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={answer.isPending}>
          Save answer
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A request's badge: open, or overdue once past its due day; answered; refused. */
function statusOf(request: DataRequestAnswer): StatusName {
  if (request.status === "open") return request.overdue ? "data-request-overdue" : "data-request-open";
  return request.status === "done" ? "data-request-done" : "data-request-refused";
}

function RequestItem({ request }: { request: DataRequestAnswer }) {
  const [answering, setAnswering] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 p-4 [overflow-wrap:anywhere]" data-request-id={request.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {request.requesterName} · {KIND_LABELS[request.kind].split(":")[0]}
        </p>
        <StatusBadge status={statusOf(request)} />
      </div>
      <p className="text-sm text-slate-600">
        {ROLE_LABELS[request.requesterRole]} · {request.requesterContact}
      </p>
      <p className="mt-2 text-sm text-slate-800">{request.request}</p>
      <p className="mt-2 text-sm text-slate-600">
        Received {day(request.receivedOn)} · due {day(request.dueOn)}
        {request.answeredOn ? ` · answered ${day(request.answeredOn)}` : ""}
      </p>
      {request.actionsTaken && <p className="mt-2 text-sm text-slate-700">Done: {request.actionsTaken}</p>}
      {request.answer && <p className="mt-1 text-sm text-slate-700">Answer: {request.answer}</p>}
      {request.status === "open" &&
        (answering ? (
          <AnswerForm request={request} onDone={() => setAnswering(false)} />
        ) : (
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => setAnswering(true)}>
            Record the answer
          </Button>
        ))}
    </li>
  );
}

/** /admin/data-requests: the log of requests about personal data, and a new one. */
export function AdminDataRequests() {
  const requests = useDataRequests();
  return (
    <div className="space-y-6">
      <RecordRequestForm />
      <SectionCard title="Requests" description="Open ones first, soonest due first; answered ones are kept.">
        {requests.isPending ? (
          <SkeletonRows label="Loading requests..." />
        ) : requests.isError ? (
          <LoadFailed title="Failed to load the requests" error={requests.error} onRetry={() => requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <EmptyState title="No requests yet" description="Requests you record appear here with their due day." />
        ) : (
          <ul className="space-y-3" aria-label="Requests about personal data">
            {requests.data.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}
