import { useRef } from "react";
import type { valuerRegisterAnswer } from "#schema/responses/index.ts";
import { PRACTISING_CERTIFICATE_TYPES } from "#schema/limits/register.ts";
import type { z } from "zod";
import { Button } from "#web/components/ui/button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { StatusBadge, type StatusName } from "#web/components/ui/status-badge.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { formatDate } from "#web/lib/format.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { downloadPractisingCertificate, useUploadPractisingCertificate } from "../api/register";

type Standing = z.infer<typeof valuerRegisterAnswer>["valuers"][number];
type Check = NonNullable<Standing["check"]>;

const AMBER = `codes this valuer signs read “${verdictHeadline("en", "valuer-unconfirmed")}”`;

/** The badge and the one thing to do, for each result a code issued today would carry. */
function checkWords(check: Check | null, hasNumber: boolean): [StatusName, string] {
  if (!check) {
    return hasNumber
      ? [
          "register-not-checked",
          "ValuSeal has no register or practising certificate for this number yet: upload the valuer's current practising certificate for review.",
        ]
      : ["register-not-checked", "Add the valuer's registration number to have it checked against the register."];
  }
  const published = check.publishedOn ? formatDate(check.publishedOn) : "";
  switch (check.result) {
    case "matched":
      return check.kind === "manual-evidence"
        ? [
            "register-accepted",
            `ValuSeal accepted the practising certificate, valid until ${formatDate(check.validUntil)}. Certificates say so.`,
          ]
        : ["register-matched", `Listed on the ${check.body} register published ${published}. Certificates say so.`];
    case "name-differs":
      return [
        "register-name-differs",
        `The ${check.body} register lists ${check.registrationNumber} under another name. Check the name and the number against the valuer's practising certificate and correct the one mistyped; until they agree, ${AMBER}.`,
      ];
    case "not-found":
      return [
        "register-not-found",
        `${check.registrationNumber} is not on the ${check.body} register published ${published}. Check the number against the practising certificate, or upload it for ValuSeal to review; until then, ${AMBER}.`,
      ];
    case "removed":
      return [
        "register-removed",
        `The ${check.body} register published ${published} no longer lists ${check.registrationNumber}; ${AMBER}. If the valuer has renewed since, upload the current practising certificate.`,
      ];
    case "suspended":
      return [
        "register-suspended",
        `The ${check.body} register published ${published} lists ${check.registrationNumber} as suspended; ${AMBER}. Do not issue reports this valuer signs until the board lifts it.`,
      ];
    case "expired":
      return [
        "register-expired",
        `The practising certificate ValuSeal accepted expired on ${formatDate(check.validUntil)}: upload this year's; until then, ${AMBER}.`,
      ];
    case "stale":
      return [
        "register-stale",
        `ValuSeal's newest ${check.body} register was published ${published}, over a year ago: certificates say so, without counting against the valuer.`,
      ];
  }
}

/** Where the valuer's newest practising certificate stands, if one was uploaded. */
function uploadLine(upload: Standing["practisingCertificate"]) {
  if (!upload) return null;
  if (upload.decision === null) {
    return `Practising certificate uploaded ${formatDate(upload.uploadedAt)}: waiting for ValuSeal's review.`;
  }
  if (upload.decision === "rejected") return `Practising certificate not accepted: ${upload.rejectionReason}`;
  return null;
}

/** The reasons the server gave for refusing a file ("file: This file is not a PDF"), without the field's name. */
const reasonsOf = (error: unknown) =>
  error instanceof ApiRequestError && error.errors?.length
    ? error.errors.map((reason) => reason.replace(/^file: /, "")).join(" ")
    : undefined;

/** The owner's button: choose the valuer's current practising certificate, sent at once for review. */
function UploadButton({ valuerId, valuerName }: { valuerId: number; valuerName: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPractisingCertificate(valuerId);
  const toast = useToast();
  const showFailure = useFailureToast();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PRACTISING_CERTIFICATE_TYPES.join(",")}
        className="sr-only"
        aria-label={`Practising certificate of ${valuerName}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          upload.mutate(file, {
            onSuccess: () =>
              toast({
                title: "Practising certificate uploaded",
                description: "ValuSeal reviews it within a working day.",
              }),
            onError: (error) => {
              const reasons = reasonsOf(error);
              if (reasons) toast({ title: "Upload refused", description: reasons, variant: "destructive" });
              else showFailure("Upload failed", error);
            },
          });
        }}
      />
      <Button variant="secondary" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? "Uploading…" : "Upload practising certificate"}
      </Button>
    </>
  );
}

/** A valuer's registration on the Valuers screen: the check a code issued today would carry, and what to do. */
export function RegisterCheck({
  valuer,
  standing,
  canManage,
}: {
  valuer: { id: number; name: string; registrationNumber: string | null };
  standing: Standing | undefined;
  canManage: boolean;
}) {
  const [status, advice] = checkWords(standing?.check ?? null, !!valuer.registrationNumber);
  const upload = standing?.practisingCertificate ?? null;
  const uploaded = uploadLine(upload);
  return (
    <div className="space-y-1.5" data-register-check={standing?.check?.result ?? "not-checked"}>
      <StatusBadge status={status} />
      <p className="text-xs text-slate-600">{advice}</p>
      {uploaded && <p className="text-xs text-slate-600">{uploaded}</p>}
      <div className="flex flex-wrap gap-2">
        {canManage && valuer.registrationNumber && <UploadButton valuerId={valuer.id} valuerName={valuer.name} />}
        {upload && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void downloadPractisingCertificate(upload.id, upload.fileName)}
          >
            View uploaded certificate
          </Button>
        )}
      </div>
    </div>
  );
}
