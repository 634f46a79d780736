import { useState } from "react";
import { LIMITS } from "#schema/limits.ts";
import type { AdminCompany, CodeIdentity, EarlierCode } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { TextareaField } from "#web/components/ui/field.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useDecideCompanyVerification } from "../api/company-verification";
import { DetailList } from "#web/components/ui/detail-list.tsx";
import { VerificationBadge } from "./status-badges";

type Decision = "verify" | "confirm" | "reject" | "withdraw";

/**
 * What a decision means for a lender: its reliance screens open or close; it issues no codes. The
 * firm's wording (DECISIONS) is about its certificates.
 */
const LENDER_DESCRIPTIONS: Partial<Record<Decision, string>> = {
  verify:
    "You have checked the institution's legal name and email as shown, and that it lends. Its members can then check valuations, record reliance on them and watch them. The owner is emailed.",
  reject:
    "The institution cannot check valuations or record reliance. The owner is emailed your note and can correct the details.",
  withdraw:
    "The institution can no longer check valuations or record reliance; the reliances it recorded stay on record. The owner is emailed your note.",
};

const DECISIONS: Record<
  Decision,
  { button: string; title: (name: string) => string; description: string; verified: boolean }
> = {
  verify: {
    button: "Verify",
    title: (name) => `Verify ${name}?`,
    description:
      "You have checked the firm's legal name, professional registration and company email as shown. Valid codes issued from now on under exactly these details show “Verified Authentic”; codes under any other name, registration or email never do.",
    verified: true,
  },
  confirm: {
    button: "Confirm earlier codes",
    title: (name) => `Confirm the codes ${name} issued before verification?`,
    description:
      "You have checked that the firm issued the codes below, under the details you verified. They show “Verified Authentic” from now on; the verification is recorded again, signed, covering them.",
    verified: true,
  },
  reject: {
    button: "Reject",
    title: (name) => `Reject ${name}?`,
    description:
      "The firm's codes keep showing “Issuer not verified by ValuSeal”. The owner sees your note and can correct the registration.",
    verified: false,
  },
  withdraw: {
    button: "Withdraw verification",
    title: (name) => `Withdraw the verification of ${name}?`,
    description:
      "Codes the firm issues from now on show “Issuer not verified by ValuSeal”; codes issued while it was verified keep the details you checked. To stop every certificate of the firm, deactivate it instead. The owner sees your note.",
    verified: false,
  },
};

function DecisionDialog({
  company,
  earlierCodes,
  earlierCount,
  decision,
  onClose,
}: {
  company: AdminCompany;
  /** Codes issued earlier under the identity being verified that ValuSeal does not vouch for yet (the first 50). */
  earlierCodes: EarlierCode[];
  /** How many there are in all. */
  earlierCount: number;
  decision: Decision;
  onClose: () => void;
}) {
  const decide = useDecideCompanyVerification();
  const [note, setNote] = useState("");
  // Ticked: these codes carry exactly the details being verified, and the firm's first report (sent
  // to its bank before verification) would otherwise stay amber for ever. "Confirm" is only this.
  const [confirmEarlierCodes, setConfirmEarlierCodes] = useState(true);
  const { button, title, verified } = DECISIONS[decision];
  const description =
    (company.kind === "lender" ? LENDER_DESCRIPTIONS[decision] : undefined) ?? DECISIONS[decision].description;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title(company.name)}
      description={description}
      confirmLabel={button}
      pendingLabel="Saving..."
      isPending={decide.isPending}
      destructive={!verified}
      onConfirm={() =>
        decide.mutate(
          {
            companyId: company.id,
            verified,
            note: note.trim() || undefined,
            ...(verified && earlierCount > 0
              ? { confirmEarlierCodes: decision === "confirm" || confirmEarlierCodes }
              : {}),
          },
          { onSuccess: onClose },
        )
      }
    >
      {decision === "verify" && earlierCount > 0 && (
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-blue-700"
            checked={confirmEarlierCodes}
            onChange={(event) => setConfirmEarlierCodes(event.target.checked)}
          />
          <span>
            <span className="block font-medium">
              Also confirm the {earlierCount} {earlierCount === 1 ? "code" : "codes"} issued earlier under these details
            </span>
            <span className="block text-xs text-slate-500">
              Untick only if you doubt the firm issued them: they would keep showing “Issued before ValuSeal verified
              this firm”.
            </span>
          </span>
        </label>
      )}
      {verified && earlierCount > 0 && <EarlierCodes codes={earlierCodes} total={earlierCount} />}
      <TextareaField
        label="Note for the owner (optional)"
        rows={3}
        maxLength={LIMITS.verificationNote}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}

/** The codes a verification with its earlier codes turns green, as the administrator checks them. */
function EarlierCodes({ codes, total }: { codes: EarlierCode[]; total: number }) {
  return (
    <>
      <ul aria-label="Codes issued earlier" className="max-h-48 space-y-1 overflow-y-auto text-sm">
        {codes.map((code) => (
          <li key={code.id} className="rounded-control border border-slate-200 p-2">
            <span className="block font-mono text-slate-900">{code.verificationCode}</span>
            <span className="block break-words text-slate-600">
              {code.property} · issued {formatDate(code.createdAt)}
              {code.confirmationRequestedAt && ` · the owner asked on ${formatDate(code.confirmationRequestedAt)}`}
            </span>
          </li>
        ))}
      </ul>
      {total > codes.length && (
        <p className="text-sm text-slate-600">And {total - codes.length} more, issued before these.</p>
      )}
    </>
  );
}

/**
 * Every name, registration and email the firm's codes carry, so the administrator sees any name the
 * firm has used (an impostor's among them) before deciding. Only the current one can be verified.
 */
function CodeIdentities({ identities }: { identities: CodeIdentity[] }) {
  if (identities.length === 0) return <p className="mt-2 text-sm text-slate-600">The firm has issued no codes yet.</p>;
  return (
    <div className="mt-3">
      <h4 className="mb-1 text-sm font-semibold text-slate-900">Names on the firm's codes</h4>
      <ul className="space-y-1 text-sm" aria-label="Names on the firm's codes">
        {identities.map((identity) => (
          <li
            key={`${identity.issuerName}|${identity.issuerEmail}|${identity.registration}`}
            className="rounded-control border border-slate-200 p-2"
          >
            <span className="block font-medium break-words text-slate-900">
              {identity.issuerName}
              {identity.isCurrent && <span className="ml-2 text-xs font-normal text-slate-500">(current details)</span>}
            </span>
            <span className="block break-words text-slate-600">
              {identity.registration ?? "No registration"} · {identity.issuerEmail}
            </span>
            <span className="block text-slate-600">
              {identity.codes} {identity.codes === 1 ? "code" : "codes"}, {identity.notVouchedFor} not shown as
              “Verified Authentic”
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The firm's registration as it stated it, where the check stands, and the administrator's decision. */
export function CompanyVerificationPanel({
  company,
  codeIdentities,
  earlierCodes,
}: {
  company: AdminCompany;
  codeIdentities: CodeIdentity[];
  earlierCodes: EarlierCode[];
}) {
  // Every code under the current details not vouched for: the list below holds the newest 50 of them.
  const earlierCount = codeIdentities.find((identity) => identity.isCurrent)?.notVouchedFor ?? 0;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const body = company.registrationBody === "Other" ? company.registrationBodyName : company.registrationBody;
  const fields: [string, string | null][] = [
    ["Professional body", body],
    ["Registration number", company.registrationNumber],
    ["Note from the firm", company.registrationNote],
    ["Verified on", company.verificationStatus === "verified" ? formatDate(company.verifiedAt) : null],
    ["Note from ValuSeal", company.verificationNote],
  ];
  const available: Decision[] =
    company.verificationStatus === "verified"
      ? earlierCount > 0
        ? ["confirm", "withdraw"]
        : ["withdraw"]
      : company.verificationStatus === "rejected"
        ? ["verify"]
        : ["verify", "reject"];

  return (
    <section aria-labelledby="company-verification-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="company-verification-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          Registration and verification <VerificationBadge status={company.verificationStatus} />
        </h3>
        <div className="flex flex-wrap gap-2">
          {available.map((decision) => (
            <Button
              key={decision}
              size="sm"
              variant={DECISIONS[decision].verified ? "primary" : "secondary"}
              onClick={() => setDeciding(decision)}
            >
              {DECISIONS[decision].button}
            </Button>
          ))}
        </div>
      </div>
      {!company.registrationNumber && (
        <p className="mb-2 text-sm text-slate-600">The firm has not entered a professional registration yet.</p>
      )}
      <DetailList look="panel" rows={fields} />
      <CodeIdentities identities={codeIdentities} />
      {deciding && (
        <DecisionDialog
          company={company}
          earlierCodes={earlierCodes}
          earlierCount={earlierCount}
          decision={deciding}
          onClose={() => setDeciding(null)}
        />
      )}
    </section>
  );
}
