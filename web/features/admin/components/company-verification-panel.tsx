import { useState } from "react";
import { LIMITS } from "../../../../schema/limits";
import type { AdminCompany, Json } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextareaField } from "../../../components/ui/field";
import { formatDate } from "../../../lib/format";
import { useDecideCompanyVerification } from "../api/company-verification";
import { DetailList } from "../../../components/ui/detail-list";
import { VerificationBadge } from "./status-badges";

type Decision = "verify" | "reject" | "withdraw";

const DECISIONS: Record<
  Decision,
  { button: string; title: (name: string) => string; description: string; verified: boolean }
> = {
  verify: {
    button: "Verify",
    title: (name) => `Verify ${name}?`,
    description:
      "You have checked the firm's identity and its professional registration. Every valid code of the firm, including those issued while it waited, will show “Verified Authentic”.",
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
      "Every code of the firm will show “Issuer not verified by ValuSeal” instead of “Verified Authentic”. The owner sees your note.",
    verified: false,
  },
};

function DecisionDialog({
  company,
  decision,
  onClose,
}: {
  company: Json<AdminCompany>;
  decision: Decision;
  onClose: () => void;
}) {
  const decide = useDecideCompanyVerification();
  const [note, setNote] = useState("");
  const { button, title, description, verified } = DECISIONS[decision];
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
        decide.mutate({ companyId: company.id, verified, note: note.trim() || undefined }, { onSuccess: onClose })
      }
    >
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

/** The firm's registration as it stated it, where the check stands, and the administrator's decision. */
export function CompanyVerificationPanel({ company }: { company: Json<AdminCompany> }) {
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
      ? ["withdraw"]
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
      {deciding && <DecisionDialog company={company} decision={deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}
