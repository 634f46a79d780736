import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { REGISTER_FILE_TYPES, REGISTER_SOURCE_KINDS } from "#schema/limits/register.ts";
import type {
  practisingCertificatesToReviewAnswer,
  registerOverviewAnswer,
  snapshotDiffAnswer,
} from "#schema/responses/index.ts";
import {
  newRegisterSourceSchema,
  practisingCertificateReviewSchema,
  type NewRegisterSourceInput,
  type PractisingCertificateReviewInput,
} from "#schema/validation/register.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useFailureToast, useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField, SelectField } from "#web/components/ui/field.tsx";
import { LoadFailed } from "#web/components/ui/load-failed.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import {
  downloadUploadedCertificate,
  useAddRegister,
  useImportSnapshot,
  usePractisingCertificatesToReview,
  usePreviewSnapshot,
  useRegisters,
  useReviewPractisingCertificate,
} from "../api/registers";

type Waiting = z.infer<typeof practisingCertificatesToReviewAnswer>["waiting"][number];
type Source = z.infer<typeof registerOverviewAnswer>["sources"][number];
type Diff = z.infer<typeof snapshotDiffAnswer>;

const KIND_LABELS: Record<(typeof REGISTER_SOURCE_KINDS)[number], string> = {
  "published-list": "Published list",
  "manual-evidence": "Manual evidence (practising certificates)",
};

const today = () => new Date().toISOString().slice(0, 10);

/** Accepts a practising certificate until a day (31 December of this year unless changed), or rejects it with why. */
function ReviewForm({ waiting, accept }: { waiting: Waiting; accept: boolean }) {
  const review = useReviewPractisingCertificate(waiting.id);
  const form = useForm<PractisingCertificateReviewInput>({
    resolver: zodResolver(practisingCertificateReviewSchema),
    defaultValues: accept
      ? { decision: "accepted", validUntil: `${new Date().getFullYear()}-12-31` }
      : { decision: "rejected", reason: "" },
  });
  const showFailure = useFormFailure(form.setError, accept ? ["validUntil"] : ["reason"]);
  const submit = form.handleSubmit((values) =>
    review.mutate(values, { onError: (error) => showFailure("Failed to record the review", error) }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        {accept ? (
          <InputField
            label="Valid until"
            type="date"
            hint="The last day on the certificate: 31 December of its year"
            {...bound(form, "validUntil")}
          />
        ) : (
          <InputField
            label="Why it is not accepted"
            hint="The firm is told, to upload the right file"
            {...bound(form, "reason")}
          />
        )}
      </div>
      <Button type="submit" variant={accept ? "primary" : "secondary"} disabled={review.isPending}>
        {accept ? "Accept" : "Reject"}
      </Button>
    </form>
  );
}

/** Uploads waiting for review, oldest first: each is read (the file as uploaded) and then accepted or rejected. */
function PractisingCertificateQueue() {
  const waiting = usePractisingCertificatesToReview();
  const showFailure = useFailureToast();
  return (
    <SectionCard
      title="Practising certificates to review"
      description="Open each file, check the valuer's name and registration number against it and the year it covers, then accept it until its last day or reject it with the reason."
    >
      {waiting.isPending ? (
        <SkeletonRows label="Loading practising certificates..." />
      ) : waiting.isError ? (
        <LoadFailed
          title="Failed to load the practising certificates"
          error={waiting.error}
          onRetry={() => waiting.refetch()}
        />
      ) : waiting.data.waiting.length === 0 ? (
        <EmptyState title="No practising certificates waiting" description="Firms' uploads appear here." />
      ) : (
        <ul className="space-y-4" aria-label="Practising certificates to review">
          {waiting.data.waiting.map((upload) => (
            <li key={upload.id} className="space-y-3 rounded-md border border-line p-4" data-upload={upload.id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    {upload.valuerName} · {upload.registrationNumber}
                  </p>
                  <p className="text-slate-600">
                    {upload.companyName} · uploaded {formatDateTime(upload.uploadedAt)} · {upload.fileName}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    downloadUploadedCertificate(upload.id, upload.fileName).catch((error: unknown) =>
                      showFailure("Failed to open the file", error),
                    )
                  }
                >
                  Open file
                </Button>
              </div>
              <ReviewForm waiting={upload} accept />
              <ReviewForm waiting={upload} accept={false} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

const SHOWN_PER_LIST = 50;

/** One kind of change in a preview: its count, and the first rows of it. */
function ChangeList({ title, rows }: { title: string; rows: Diff["added"] }) {
  return (
    <div data-change={title}>
      <h4 className="text-sm font-semibold text-slate-900">
        {title} ({rows.length.toLocaleString("en-GB")})
      </h4>
      {rows.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
          {rows.slice(0, SHOWN_PER_LIST).map((row) => (
            <li key={`${row.registrationNumber}-${row.name}`} className="[overflow-wrap:anywhere]">
              {row.registrationNumber} · {row.previousName ? `${row.previousName} → ${row.name}` : row.name}
              {row.note ? ` (${row.note})` : ""}
            </li>
          ))}
          {rows.length > SHOWN_PER_LIST && (
            <li className="text-slate-500">and {(rows.length - SHOWN_PER_LIST).toLocaleString("en-GB")} more</li>
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * Choose the list's file, read what it would change against the newest snapshot (nothing written),
 * then import exactly that file as published on a day.
 */
function SnapshotImport({ source }: { source: Source }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [publishedOn, setPublishedOn] = useState(today());
  const preview = usePreviewSnapshot(source.id);
  const importing = useImportSnapshot(source.id);
  const showFailure = useFailureToast();
  const diff = preview.data;
  const reasons =
    preview.error && "errors" in preview.error ? (preview.error.errors as string[] | undefined) : undefined;
  return (
    <div className="space-y-3 border-t border-line pt-4">
      <input
        ref={input}
        type="file"
        accept={[".csv", ".xlsx", ...REGISTER_FILE_TYPES].join(",")}
        className="sr-only"
        aria-label={`Snapshot file of ${source.body}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = "";
          setFile(chosen);
          if (chosen) preview.mutate(chosen);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={preview.isPending}>
        {preview.isPending ? "Reading the file…" : "Choose a snapshot file (CSV or Excel)"}
      </Button>
      {preview.isError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">
            {file?.name} cannot be imported: {preview.error.message.replace(/^\d+: /, "")}
          </p>
          {reasons && (
            <ul className="mt-1 list-disc pl-5">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {diff && file && (
        <div className="space-y-3 rounded-md border border-line p-4" aria-label="What this snapshot changes">
          <p className="text-sm text-slate-700">
            {file.name}: {diff.rowCount.toLocaleString("en-GB")} registrations, compared with{" "}
            {diff.previousPublishedOn
              ? `the snapshot published ${formatDate(diff.previousPublishedOn)}`
              : "nothing yet"}
            .
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <ChangeList title="Added" rows={diff.added} />
            <ChangeList title="Changed" rows={diff.changed} />
            <ChangeList title="Removed" rows={diff.removed} />
            <ChangeList title="Suspended" rows={diff.suspended} />
          </div>
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              importing.mutate(
                { file, publishedOn, sha256: diff.fileSha256 },
                {
                  onSuccess: () => {
                    setFile(null);
                    preview.reset();
                  },
                  onError: (error) => showFailure("Failed to import the snapshot", error),
                },
              );
            }}
          >
            <InputField
              label="Published on"
              type="date"
              max={today()}
              value={publishedOn}
              onChange={(event) => setPublishedOn(event.target.value)}
              hint="The day the board published this list"
            />
            <Button type="submit" disabled={importing.isPending}>
              {importing.isPending ? "Importing…" : "Import this snapshot"}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}

function RegisterCard({ source }: { source: Source }) {
  return (
    <SectionCard
      title={source.body}
      description={`${source.jurisdiction} · ${KIND_LABELS[source.kind]}${source.url ? ` · ${source.url}` : ""}`}
    >
      {source.kind === "published-list" &&
        (source.snapshots.length === 0 ? (
          <p className="text-sm text-slate-600">No snapshot imported yet.</p>
        ) : (
          <Table caption={`Snapshots of ${source.body}`} stackOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Published</TableHeaderCell>
                <TableHeaderCell>File</TableHeaderCell>
                <TableHeaderCell>Registrations</TableHeaderCell>
                <TableHeaderCell>SHA-256</TableHeaderCell>
                <TableHeaderCell>Imported</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {source.snapshots.map((snapshot) => (
                <TableRow key={snapshot.id}>
                  <TableCell label="Published">{formatDate(snapshot.publishedOn)}</TableCell>
                  <TableCell label="File" className="[overflow-wrap:anywhere]">
                    {snapshot.fileName}
                  </TableCell>
                  <TableCell label="Registrations">{snapshot.rowCount.toLocaleString("en-GB")}</TableCell>
                  <TableCell label="SHA-256" className="font-mono text-xs">
                    {snapshot.fileSha256.slice(0, 16)}…
                  </TableCell>
                  <TableCell label="Imported">{formatDateTime(snapshot.importedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ))}
      {source.kind === "published-list" ? (
        <SnapshotImport source={source} />
      ) : (
        <p className="text-sm text-slate-600">Checked by reviewing each valuer's practising certificate, above.</p>
      )}
    </SectionCard>
  );
}

function AddRegisterForm() {
  const add = useAddRegister();
  const form = useForm<NewRegisterSourceInput>({
    resolver: zodResolver(newRegisterSourceSchema),
    defaultValues: { jurisdiction: "KE", body: "", kind: "published-list" },
  });
  const showFailure = useFormFailure(form.setError, ["jurisdiction", "body", "kind", "url"]);
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => showFailure("Failed to add the register", error),
    }),
  );
  return (
    <SectionCard title="Add a register" description="Who keeps it, where, and whether it publishes a list to import.">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <InputField label="Country" hint="Two letters, like KE" maxLength={2} {...bound(form, "jurisdiction")} />
        <InputField label="Kept by" hint="Like Valuers Registration Board" {...bound(form, "body")} />
        <SelectField label="Kind" {...bound(form, "kind")}>
          {REGISTER_SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <InputField label="Published at (optional)" type="url" {...bound(form, "url")} />
        <div>
          <Button type="submit" disabled={add.isPending}>
            Add register
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** /admin/registers: practising certificates to review, the registers with their snapshots, and a new import. */
export function AdminRegisters() {
  const registers = useRegisters();
  return (
    <div className="space-y-6">
      <PractisingCertificateQueue />
      {registers.isPending ? (
        <SkeletonRows label="Loading registers..." />
      ) : registers.isError ? (
        <LoadFailed title="Failed to load the registers" error={registers.error} onRetry={() => registers.refetch()} />
      ) : (
        registers.data.sources.map((source) => <RegisterCard key={source.id} source={source} />)
      )}
      <AddRegisterForm />
    </div>
  );
}
