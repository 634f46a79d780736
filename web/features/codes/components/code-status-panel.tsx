import { useState } from "react";
import { Link } from "react-router";
import { COMPANY_SETTINGS_PATHS } from "#schema/app-paths.ts";
import { codeVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import type { CodeStatus, CurrentCompany, QrCode } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { useSession } from "#web/lib/session.ts";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { useCodeStatus, useRequestCodeConfirmation } from "../api/code-status";
import { actorName, CodeStatusHistory } from "./code-status-history";
import { CodeStatusBadge } from "./code-status-badge";
import { ReinstateCodeDialog } from "./reinstate-code-dialog";
import { RevokeCodeDialog } from "./revoke-code-dialog";

/** The issuing company as it is now; undefined while it is not known. */
export type IssuerStanding = Pick<CurrentCompany, "name" | "email"> | undefined;

/**
 * What a scan of a valid code shows, by the certificate's own rule on the identity frozen on the
 * code (schema/certificate-verdict.ts): "Verified Authentic" only when ValuSeal verified that very
 * identity in time. Verifying the firm later does not change a code issued before, unless ValuSeal
 * confirms the earlier codes when it verifies.
 */
function ScanOutcome({ code }: { code: QrCode }) {
  const { isOwner } = useSession();
  const { headline } = codeVerdict(code);
  const shows = `Scanning this code shows “${verdictHeadline("en", headline)}”`;
  if (headline === "verified-authentic") return <p className="text-sm text-slate-700">{shows}.</p>;
  if (headline === "issuer-before-verification") {
    return (
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          {shows}: your firm issued it before ValuSeal verified the firm. If your firm issued it, ask ValuSeal to
          confirm it; or issue a new code for the report and mark this one as replaced.
        </p>
        {isOwner && <AskForConfirmation codeId={code.id} />}
      </div>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      {shows}.{" "}
      {headline === "valuer-unconfirmed" ? (
        <>
          The register did not confirm the signing valuer on the day it was issued; the{" "}
          <Link to="/valuers" className="font-medium text-brand-700 underline">
            Valuers
          </Link>{" "}
          screen says what to do. A code issued once the check passes carries the new check.
        </>
      ) : headline === "issuer-not-verified" ? (
        <>
          <Link to={COMPANY_SETTINGS_PATHS.verification} className="font-medium text-brand-700 underline">
            Company Details
          </Link>{" "}
          shows where ValuSeal's verification of your firm stands.
        </>
      ) : (
        "To show “Verified Authentic”, replace it with a new code issued under your verified details."
      )}
    </p>
  );
}

/** The owner's request that ValuSeal confirm a code issued before verification; the answer says when it was asked. */
function AskForConfirmation({ codeId }: { codeId: number }) {
  const ask = useRequestCodeConfirmation(codeId);
  const showFailure = useFailureToast();
  if (ask.data) {
    return (
      <p role="status" className="font-medium text-slate-800">
        {ask.data.message} Asked on {formatDate(ask.data.requestedAt)}.
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={ask.isPending}
      onClick={() => ask.mutate(undefined, { onError: (error) => showFailure("Could not ask ValuSeal", error) })}
    >
      {ask.isPending ? "Asking..." : "Ask ValuSeal to confirm this code"}
    </Button>
  );
}

/**
 * A certificate shows the issuer as it was at issue: when the firm's name or email has changed
 * since, the detail page says so, since scanners see the old details.
 */
function IssuedUnder({ code, issuer }: { code: QrCode; issuer: IssuerStanding }) {
  if (!issuer) return null;
  const sameName = code.issuerName === issuer.name;
  const sameEmail = code.issuerEmail.toLowerCase() === issuer.email.toLowerCase();
  if (sameName && sameEmail) return null;
  return (
    <p className="text-sm text-slate-700" data-issued-under="">
      Issued under the name “{code.issuerName}” ({code.issuerEmail}). Its certificate keeps the details it was issued
      with; a correction is a new code that replaces this one.
    </p>
  );
}

function CurrentStatus({ status, code, issuer }: { status: CodeStatus; code: QrCode; issuer: IssuerStanding }) {
  if (status.status === "valid") {
    return (
      <div className="space-y-1">
        <CodeStatusBadge status="valid" />
        <p className="text-sm text-slate-700">Valid until {formatDate(code.validUntil)}.</p>
        <ScanOutcome code={code} />
        <IssuedUnder code={code} issuer={issuer} />
      </div>
    );
  }
  if (status.status === "expired") {
    return (
      <div className="space-y-1 rounded-control border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <CodeStatusBadge status="expired" />
        <p>This valuation expired on {formatDate(code.validUntil)}.</p>
        <p>Scanning this code shows “Expired” and asks for an updated report, never “Verified Authentic”.</p>
      </div>
    );
  }
  return (
    <div className="space-y-1 rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <CodeStatusBadge status={status.status} />
      <p>
        Revoked on {status.revokedAt ? formatDateTime(status.revokedAt) : "an unknown date"} by{" "}
        {actorName(status.revokedBy)}
      </p>
      <p className="break-words">Reason: {status.revokedReason}</p>
      {status.supersededBy && (
        <p className="break-words">
          Replaced by:{" "}
          <Link to={`/qr/${status.supersededBy.id}`} className="font-medium underline">
            {status.supersededBy.propertyAddress || status.supersededBy.address}
          </Link>
        </p>
      )}
      <p>
        Scanning this code shows “{status.supersededBy ? "Replaced by a newer valuation" : "Revoked"}” and this reason,
        never “Verified Authentic”.
      </p>
    </div>
  );
}

/** Which status change this user may make, or why not (the server enforces the same rules). */
function useStatusPermissions(code: QrCode) {
  const { user, isOwner } = useSession();
  return {
    revoke: isOwner || code.userId === user?.id,
    reinstate: isOwner && Boolean(user?.company?.isActive),
    reinstateRefusal: isOwner
      ? "Your company account is inactive, so revoked codes cannot be reinstated."
      : "Only the company owner can reinstate a revoked code.",
  };
}

/**
 * Revocation on the detail page: the code's current state, who changed it and why, and
 * the one action allowed next: Revoke for a valid code, Reinstate (owner only) for a revoked one.
 */
export function CodeStatusPanel({ code, issuer }: { code: QrCode; issuer: IssuerStanding }) {
  const status = useCodeStatus(code.id);
  const may = useStatusPermissions(code);
  const [dialog, setDialog] = useState<"revoke" | "reinstate" | null>(null);
  const closeDialog = (open: boolean) => !open && setDialog(null);
  const revoked = status.data?.status === "revoked" || status.data?.status === "superseded";

  const action = !status.data
    ? null
    : revoked
      ? may.reinstate && <Button onClick={() => setDialog("reinstate")}>Reinstate code</Button>
      : may.revoke && (
          <Button variant="dangerOutline" onClick={() => setDialog("revoke")}>
            Revoke code
          </Button>
        );
  const refusal = !status.data
    ? null
    : revoked
      ? !may.reinstate && may.reinstateRefusal
      : !may.revoke && "Only the company owner or the person who created this code can revoke it.";

  return (
    <SectionCard
      title="Verification Status"
      description="Revoke a code when its valuation is withdrawn or replaced; every change is recorded."
      actions={action}
    >
      {status.isPending ? (
        <InlineLoading label="Loading status..." />
      ) : status.isError ? (
        <EmptyState
          title="The status could not be loaded"
          description={status.error.message}
          action={
            <Button variant="secondary" onClick={() => void status.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <CurrentStatus status={status.data} code={code} issuer={issuer} />
          {refusal && <p className="text-sm text-slate-600">{refusal}</p>}
          <CodeStatusHistory events={status.data.events} />
        </>
      )}
      <RevokeCodeDialog code={code} open={dialog === "revoke"} onOpenChange={closeDialog} />
      <ReinstateCodeDialog codeId={code.id} open={dialog === "reinstate"} onOpenChange={closeDialog} />
    </SectionCard>
  );
}
