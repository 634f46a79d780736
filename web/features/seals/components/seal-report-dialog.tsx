import { useEffect, useRef, useState, type FormEvent } from "react";
import type { QrCode, RegisteredSeal } from "#schema/responses/index.ts";
import {
  SEAL_MAX_BYTES,
  SEAL_MAX_PAGES,
  STAMP_CORNERS,
  STAMP_DEFAULT_MM,
  STAMP_MAX_MM,
  STAMP_MIN_MM,
  type StampCorner,
} from "#schema/validation/seals.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { InputField, SelectField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { downloadBlob } from "#web/lib/download.ts";
import type { SealedReport } from "#web/lib/pdf/seal.ts";
import { useRegisterSeal } from "../api/seals";
import { sealedFileName } from "../lib/sealed-file-name";

const CORNER_LABELS: Record<StampCorner, string> = {
  "bottom-right": "Bottom right",
  "bottom-left": "Bottom left",
  "top-right": "Top right",
  "top-left": "Top left",
};
const PREVIEW_WIDTH = 280;
const MB = 1024 * 1024;

type Progress = { step: "reading" | "stamping" | "fingerprinting" | "attaching"; done: number; total: number };
type Stage =
  | { name: "choose"; problem?: string }
  | { name: "working"; progress: Progress }
  | { name: "review"; sealed: SealedReport }
  /** `delivered` is the file downloaded: the sealed file with its signed record attached, when it could be. */
  | { name: "done"; sealed: SealedReport; seal: RegisteredSeal; delivered: Uint8Array };

const STEP_LABELS: Record<Progress["step"], string> = {
  reading: "Reading the PDF",
  stamping: "Stamping page",
  fingerprinting: "Fingerprinting page",
  attaching: "Attaching the signed record",
};

/** Steps that are one piece of work, shown without a page count. */
const WHOLE_STEPS: readonly Progress["step"][] = ["reading", "attaching"];

/** The valuer's words for what is going on, with a bar that moves page by page. */
function SealProgress({ progress }: { progress: Progress }) {
  const label = WHOLE_STEPS.includes(progress.step)
    ? `${STEP_LABELS[progress.step]}…`
    : `${STEP_LABELS[progress.step]} ${progress.done} of ${progress.total}`;
  return (
    <div className="space-y-2" role="status" aria-live="polite">
      <p className="text-sm text-slate-700">{label}</p>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-label={label}
      />
    </div>
  );
}

/** Page 1 of the sealed file, drawn by pdf.js, so the valuer sees where the stamp landed before saving. */
function SealedPreview({ sealed }: { sealed: SealedReport }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    const target = canvas.current;
    void import("#web/lib/pdf/fingerprint.ts")
      .then(({ renderPagePreview }) => renderPagePreview(sealed.bytes.slice().buffer, target, PREVIEW_WIDTH))
      .catch(() => setFailed(true));
  }, [sealed]);
  if (failed)
    return <p className="text-sm text-slate-600">The preview could not be drawn; the sealed file is ready.</p>;
  return (
    <figure className="space-y-1">
      <canvas
        ref={canvas}
        className="mx-auto block max-w-full rounded border border-slate-200 shadow-sm"
        aria-label="Preview of page 1 of the sealed report"
        role="img"
      />
      <figcaption className="text-center text-xs text-slate-500">Page 1 of the sealed report</figcaption>
    </figure>
  );
}

function SealForm({ code, onClose }: { code: QrCode; onClose: () => void }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const registerSeal = useRegisterSeal(code.id);
  const [file, setFile] = useState<File | null>(null);
  const [corner, setCorner] = useState<StampCorner>("bottom-right");
  const [sizeMm, setSizeMm] = useState(STAMP_DEFAULT_MM);
  const [stage, setStage] = useState<Stage>({ name: "choose" });
  const fileName = sealedFileName(code);

  const seal = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setStage({ name: "choose", problem: "Choose the final report PDF." });
    if (file.size > SEAL_MAX_BYTES) {
      return setStage({ name: "choose", problem: `This file is ${Math.ceil(file.size / MB)} MB; the limit is 50 MB.` });
    }
    setStage({ name: "working", progress: { step: "reading", done: 0, total: 0 } });
    try {
      const [{ sealReport }, bytes] = await Promise.all([import("#web/lib/pdf/seal.ts"), file.arrayBuffer()]);
      const sealed = await sealReport(bytes, {
        verificationAddress: code.qrCodeData,
        label: code.propertyReference || code.publicToken,
        verificationCode: code.verificationCode,
        corner,
        sizeMm,
        onProgress: (step, done, total) => setStage({ name: "working", progress: { step, done, total } }),
      });
      setStage({ name: "review", sealed });
    } catch (error) {
      const { PdfRefusedError } = await import("#web/lib/pdf/errors.ts");
      const problem =
        error instanceof PdfRefusedError
          ? error.message
          : "This file could not be read as a PDF. Export the report to PDF again and choose that file.";
      setStage({ name: "choose", problem });
    }
  };

  const download = (bytes: Uint8Array) =>
    downloadBlob(new Blob([bytes as BlobPart], { type: "application/pdf" }), fileName);

  /** After the seal is registered: its signed record put into the file, which is then downloaded. */
  const deliver = async (sealed: SealedReport, saved: RegisteredSeal) => {
    // The seal is registered whatever happens next. Attaching a large report takes seconds: the
    // progress replaces the Save button meanwhile, so a second click cannot seal a version 2.
    setStage({ name: "working", progress: { step: "attaching", done: 0, total: 0 } });
    // If the file would not take its record, the sealed file is still the sealed report; the
    // record is then on the certificate page.
    const delivered = await import("#web/lib/pdf/seal.ts")
      .then(({ withSignedRecord }) => withSignedRecord(sealed.bytes, saved.signedRecord))
      .catch(() => sealed.bytes);
    download(delivered);
    setStage({ name: "done", sealed, seal: saved, delivered });
    toast({
      title: "Report sealed",
      description: `Version ${saved.version} is registered; ${fileName} is downloading.`,
    });
  };

  const save = (sealed: SealedReport) =>
    registerSeal.mutate(
      { sha256: sealed.sha256, pageFingerprints: sealed.pageFingerprints },
      {
        onSuccess: (saved) => void deliver(sealed, saved),
        onError: (error) => showFailure("Failed to seal report", error),
      },
    );

  if (stage.name === "working") return <SealProgress progress={stage.progress} />;

  if (stage.name === "review" || stage.name === "done") {
    const { sealed } = stage;
    return (
      <div className="space-y-4">
        <SealedPreview sealed={sealed} />
        <p className="text-sm text-slate-700">
          {sealed.pageCount === 1 ? "The page carries" : `All ${sealed.pageCount} pages carry`} this code&apos;s QR and
          the line “page n of {sealed.pageCount}”.
        </p>
        {stage.name === "done" ? (
          <>
            <p role="status" className="rounded-control bg-green-50 p-3 text-sm font-medium text-green-800">
              Sealed as version {stage.seal.version}. Send {fileName} as the final report: anyone can check a copy
              against it.{" "}
              {stage.delivered !== stage.sealed.bytes
                ? "It carries its signed record, so it can be checked offline."
                : "Its signed record is on the certificate page instead (Download signed record)."}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => download(stage.delivered)}>
                Download again
              </Button>
              <Button onClick={onClose}>Done</Button>
            </div>
          </>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setStage({ name: "choose" })} disabled={registerSeal.isPending}>
              Start again
            </Button>
            <Button onClick={() => save(sealed)} disabled={registerSeal.isPending}>
              {registerSeal.isPending ? "Saving seal..." : "Save seal and download"}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void seal(event)} className="space-y-4" noValidate>
      <InputField
        label="Final report (PDF)"
        type="file"
        accept="application/pdf,.pdf"
        required
        hint={`Up to 50 MB and ${SEAL_MAX_PAGES} pages. The file stays on this device; only its fingerprints are sent.`}
        error={stage.problem}
        onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Stamp position"
          value={corner}
          onChange={(event) => setCorner(event.currentTarget.value as StampCorner)}
        >
          {STAMP_CORNERS.map((option) => (
            <option key={option} value={option}>
              {CORNER_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <InputField
          label="QR size (mm)"
          type="number"
          inputMode="numeric"
          min={STAMP_MIN_MM}
          max={STAMP_MAX_MM}
          value={sizeMm}
          hint={`${STAMP_MIN_MM}–${STAMP_MAX_MM} mm; phones read ${STAMP_DEFAULT_MM} mm easily.`}
          onChange={(event) => {
            const value = Number(event.currentTarget.value);
            setSizeMm(
              Number.isFinite(value) ? Math.min(STAMP_MAX_MM, Math.max(STAMP_MIN_MM, value)) : STAMP_DEFAULT_MM,
            );
          }}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Seal report</Button>
      </div>
    </form>
  );
}

/**
 * Seal report PDF: the browser stamps every page of the valuer's final PDF with this code (the page
 * number in each QR), fingerprints the result and registers only the fingerprints, then downloads
 * `<reference>-sealed.pdf`. The PDF libraries load only when this opens.
 */
export function SealReportDialog({
  code,
  open,
  onOpenChange,
}: {
  code: QrCode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Seal report PDF"
      description="Every page gets this code's QR and a line naming the page, so a swapped or edited page is caught when anyone checks a copy."
    >
      <SealForm code={code} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}
