import { Download, Upload } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { Link } from "react-router";
import { csvField } from "#schema/csv.ts";
import type { CodeBatchAnswer } from "#schema/responses/index.ts";
import { CODE_BATCH_MAX } from "#schema/validation/qr-codes.ts";
import { Button, buttonClasses } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useUnauthorizedRedirect } from "#web/components/ui/failure-toast.ts";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { ApiRequestError, serverMessageOf } from "#web/lib/api-client.ts";
import { downloadBlob } from "#web/lib/download.ts";
import { fileSafeStem } from "#web/lib/file-names.ts";
import { useIssueCodeBatch } from "../api/issue-code-batch";
import { NoValuersNotice } from "./no-valuers-notice";
import {
  BATCH_COLUMNS,
  batchTemplateCsv,
  imageFileStems,
  problemRowsCsv,
  readBatch,
  type BatchRow,
  type ReadBatch,
} from "../lib/code-batch-csv";
import { captionedQrPng, captionedQrSvg } from "../lib/qr-image";
import type { SigningValuers } from "../lib/signing-valuers";

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Rows per request: small enough that the bar moves, large enough that 500 rows take 20 requests. */
const PART_ROWS = 25;

type Issued = CodeBatchAnswer["results"][number];

/** What the server said about rows of a refused part ("codes.3.valuerId: …"), by spreadsheet line. */
function rowErrorsOf(error: unknown, part: BatchRow[]): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  if (!(error instanceof ApiRequestError)) return byLine;
  for (const line of error.errors ?? []) {
    const match = /^codes\.(\d+)\.[^:]*: (.*)$/.exec(line);
    const row = match ? part[Number(match[1])] : undefined;
    if (row) byLine.set(row.line, [...(byLine.get(row.line) ?? []), match![2]!]);
  }
  return byLine;
}

/** The images of the issued codes, PNG and SVG named by the firm's reference, and a list of them, as one ZIP. */
async function zipOfImages(issued: Issued[], onProgress: (done: number) => void): Promise<Blob> {
  const { strToU8, zipSync } = await import("fflate");
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  const list = [["Your Reference", "Verification Code", "Certificate Address"]];
  const stems = imageFileStems(
    issued.map(({ externalReference, code }) => ({ externalReference, verificationCode: code.verificationCode })),
  );
  for (const [index, { externalReference, code }] of issued.entries()) {
    const stem = stems[index]!;
    const source = { svgDataUrl: code.qrCodeDataUrl, verificationCode: code.verificationCode };
    // PNG is compressed already: stored as it is.
    files[`${stem}.png`] = [new Uint8Array(await (await captionedQrPng(source)).arrayBuffer()), { level: 0 }];
    files[`${stem}.svg`] = strToU8(captionedQrSvg(source));
    list.push([externalReference, code.verificationCode, code.qrCodeData]);
    onProgress(index + 1);
  }
  const csv = list.map((cells) => cells.map(csvField).join(",")).join("\r\n");
  files["codes.csv"] = strToU8(`\uFEFF${csv}\r\n`);
  return new Blob([zipSync(files)], { type: "application/zip" });
}

function RowResult({ row, issued, refused }: { row: BatchRow; issued?: Issued; refused?: string[] }) {
  if (issued) {
    return (
      <span className="font-medium text-emerald-700">
        {issued.status === "created" ? "Issued" : "Already issued"}{" "}
        <Link to={`/qr/${issued.code.id}`} className="font-mono underline">
          {issued.code.verificationCode}
        </Link>
      </span>
    );
  }
  const errors = refused ?? row.errors;
  if (errors.length === 0) return <span className="text-slate-700">Ready</span>;
  return (
    <ul className="space-y-0.5 text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * /create-qr/batch: many codes from one CSV. The file is read and every row checked in the browser
 * before anything is issued; the ready rows are then issued in parts, with a progress bar, and the
 * images come as one ZIP. Sending the same rows again (a second press, the same file next week)
 * issues nothing twice: each row's reference answers the code already issued for it.
 */
export function CodeBatchPage({ signingValuers }: { signingValuers: SigningValuers }) {
  const toast = useToast();
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  const issueBatch = useIssueCodeBatch();
  const [fileName, setFileName] = useState<string>();
  const [batch, setBatch] = useState<ReadBatch>();
  const [issued, setIssued] = useState(new Map<number, Issued>());
  const [refused, setRefused] = useState(new Map<number, string[]>());
  const [issuing, setIssuing] = useState<{ done: number; total: number }>();
  const [zipping, setZipping] = useState<{ done: number; total: number }>();

  const signers = (signingValuers.data ?? []).filter((valuer) => valuer.isActive);
  const noValuers = signingValuers.isSuccess && signers.length === 0;
  const rows = batch && "rows" in batch ? batch.rows : [];
  const ready = rows.filter((row) => row.request && !refused.has(row.line) && !issued.has(row.line));
  const done = rows.filter((row) => issued.has(row.line));
  const busy = issuing !== undefined || zipping !== undefined;

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !signingValuers.data) return;
    setFileName(file.name);
    setIssued(new Map());
    setRefused(new Map());
    // 500 rows of the template are well under a megabyte; anything far larger is not one.
    if (file.size > MAX_FILE_BYTES) {
      setBatch({
        problem: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB. Upload at most ${CODE_BATCH_MAX} rows.`,
      });
      return;
    }
    const { default: Papa } = await import("papaparse");
    const text = (await file.text()).replace(/^\uFEFF/, "");
    const table = Papa.parse<string[]>(text, { skipEmptyLines: false }).data;
    setBatch(readBatch(table, signingValuers.data));
  };

  const issue = async () => {
    const total = ready.length;
    setIssuing({ done: 0, total });
    const nowIssued = new Map(issued);
    let created = 0;
    try {
      for (let start = 0; start < total; start += PART_ROWS) {
        const part = ready.slice(start, start + PART_ROWS);
        try {
          const answer = await issueBatch.mutateAsync(part.map((row) => row.request!));
          answer.results.forEach((result, index) => nowIssued.set(part[index]!.line, result));
          created += answer.results.filter((result) => result.status === "created").length;
          setIssued(new Map(nowIssued));
          setIssuing({ done: start + part.length, total });
        } catch (error) {
          if (redirectIfUnauthorized(error)) return;
          const byLine = rowErrorsOf(error, part);
          setRefused((current) => new Map([...current, ...byLine]));
          toast({
            title: "Error",
            description:
              byLine.size > 0
                ? `Rows ${[...byLine.keys()].join(", ")} were refused, and nothing from their part of ${PART_ROWS} rows was issued; earlier parts were.`
                : (serverMessageOf(error) ?? "Failed to generate QR code. Please try again."),
            variant: "destructive",
          });
          return;
        }
      }
      const before = total - created;
      toast({
        title: `${created} new ${created === 1 ? "code" : "codes"} issued`,
        description: before > 0 ? `${before} had ${before === 1 ? "its code" : "their codes"} already` : fileName,
      });
    } finally {
      setIssuing(undefined);
    }
  };

  const downloadZip = async () => {
    const codes = rows.flatMap((row) => issued.get(row.line) ?? []);
    setZipping({ done: 0, total: codes.length });
    try {
      const zip = await zipOfImages(codes, (count) => setZipping({ done: count, total: codes.length }));
      const stem = fileSafeStem((fileName ?? "codes").replace(/\.csv$/i, "")) || "codes";
      downloadBlob(zip, `${stem}-qr-codes.zip`);
      toast({ title: "Downloaded!", description: `Saved as ${stem}-qr-codes.zip` });
    } catch (error) {
      toast({ title: "Download failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setZipping(undefined);
    }
  };

  const downloadTemplate = () =>
    downloadBlob(new Blob([`\uFEFF${batchTemplateCsv()}`], { type: "text/csv" }), "valuseal-codes-template.csv");
  const problems = rows.filter((row) => row.errors.length > 0);
  const downloadProblems = () => {
    if (!batch || !("rows" in batch)) return;
    const stem = fileSafeStem((fileName ?? "codes").replace(/\.csv$/i, "")) || "codes";
    downloadBlob(
      new Blob([`\uFEFF${problemRowsCsv(batch.header, batch.rows)}`], { type: "text/csv" }),
      `${stem}-rows-with-problems.csv`,
    );
  };
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <PageTitle tabTitle="Create Many Codes">Create many codes at once</PageTitle>
        <p className="mt-1 text-sm text-slate-600">
          One row per report in a spreadsheet, up to {CODE_BATCH_MAX} at a time. Nothing is issued until you press
          Issue.{" "}
          <Link to="/create-qr" className="font-medium text-brand-700 underline">
            Create one code instead
          </Link>
        </p>
      </header>
      {noValuers && <NoValuersNotice />}
      <SectionCard
        title="1. Fill in the template"
        description={`Columns ${BATCH_COLUMNS.filter((column) => column.required)
          .map((column) => column.header)
          .join(
            ", ",
          )} are required; the others as on the form. Your Reference is your own job number: a row whose reference already has a code gets that code back, never a second one.`}
        actions={
          <Button variant="secondary" onClick={downloadTemplate}>
            <Download aria-hidden="true" />
            Download template
          </Button>
        }
      >
        <p className="text-sm text-slate-600">
          Dates as DD/MM/YYYY, amounts without currency signs, and Signing Valuer as the valuer&apos;s name on the
          Valuers page (or their registration number). Save the sheet as CSV. The template has the headings only; a row
          filled in looks like this:
        </p>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2" aria-label="An example row">
          {BATCH_COLUMNS.filter((column) => column.example).map((column) => (
            <div key={column.header} className="flex flex-wrap gap-x-2">
              <dt className="text-slate-500">{column.header}:</dt>
              <dd className="break-words text-slate-800">{column.example}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
      <SectionCard title="2. Upload and check">
        <label
          className={buttonClasses({
            variant: "secondary",
            className: "cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
          })}
        >
          <Upload aria-hidden="true" />
          Choose CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={busy || !signingValuers.isSuccess || noValuers}
            onChange={read}
          />
        </label>
        {fileName && <p className="text-sm text-slate-600">File: {fileName}</p>}
        {batch && "problem" in batch && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {batch.problem}
          </p>
        )}
        {rows.length > 0 && (
          <>
            <p role="status" className="text-sm font-medium text-slate-800">
              {rows.length} {rows.length === 1 ? "row" : "rows"}: {rows.filter((row) => row.request).length} ready,{" "}
              {rows.filter((row) => !row.request).length} with problems
              {done.length > 0 && `, ${done.length} issued`}
            </p>
            {problems.length > 0 && (
              <Button variant="secondary" onClick={downloadProblems}>
                <Download aria-hidden="true" />
                Download the {problems.length} {problems.length === 1 ? "row" : "rows"} with problems
              </Button>
            )}
            <Table caption="The rows of the file and what happens to each" stackOnPhone>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Row</TableHeaderCell>
                  <TableHeaderCell>Your Reference</TableHeaderCell>
                  <TableHeaderCell>Property</TableHeaderCell>
                  <TableHeaderCell>Result</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell className="font-medium">Row {row.line}</TableCell>
                    <TableCell label="Your Reference" className="break-all">
                      {row.reference || "—"}
                    </TableCell>
                    <TableCell label="Property" className="break-words">
                      {row.description || "—"}
                    </TableCell>
                    <TableCell label="Result">
                      <RowResult row={row} issued={issued.get(row.line)} refused={refused.get(row.line)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </SectionCard>
      {rows.length > 0 && (
        <SectionCard title="3. Issue and download">
          {issuing && <ProgressBar label="Issuing codes" done={issuing.done} total={issuing.total} />}
          {zipping && <ProgressBar label="Preparing images" done={zipping.done} total={zipping.total} />}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => setConfirming(true)} disabled={busy || ready.length === 0}>
              {issuing ? "Issuing..." : `Issue ${ready.length} ${ready.length === 1 ? "code" : "codes"}`}
            </Button>
            <Button variant="secondary" onClick={downloadZip} disabled={busy || done.length === 0}>
              <Download aria-hidden="true" />
              {zipping ? "Preparing..." : "Download ZIP of the images"}
            </Button>
          </div>
        </SectionCard>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Issue ${ready.length} ${ready.length === 1 ? "code" : "codes"}?`}
        description={`Each row becomes a certificate anyone can scan, under your firm's name, from the moment it is issued. An issued code cannot be deleted, only revoked, and its certificate then says so.${problems.length > 0 ? ` The ${problems.length} ${problems.length === 1 ? "row" : "rows"} with problems ${problems.length === 1 ? "is" : "are"} not issued.` : ""}`}
        confirmLabel={`Issue ${ready.length} ${ready.length === 1 ? "code" : "codes"}`}
        destructive={false}
        onConfirm={() => {
          setConfirming(false);
          void issue();
        }}
      />
    </div>
  );
}
