import type { CurrentCompany } from "#schema/responses/index.ts";
import type { IssuerReviewState as Status } from "#schema/limits/companies.ts";
import { cn } from "#web/lib/cn.ts";
import { formatDate } from "#web/lib/format.ts";
import { ISSUER_NOT_VERIFIED } from "#web/lib/verification.ts";

const TONES: Record<Status, string> = {
  verified: "border-green-200 bg-green-50 text-green-900",
  rejected: "border-red-200 bg-red-50 text-red-900",
  pending: "border-amber-200 bg-amber-50 text-amber-900",
};

/** What ValuSeal's identity check means for the company's certificates right now. */
function statusText(company: CurrentCompany): string {
  if (company.verificationStatus === "verified") return `Verified by ValuSeal on ${formatDate(company.verifiedAt)}`;
  if (company.verificationStatus === "rejected") return "Not verified";
  return `Awaiting verification by ValuSeal — until then your certificates show “${ISSUER_NOT_VERIFIED}”`;
}

/** The company's verification state, with ValuSeal's note on its latest decision. */
export function IssuerReviewStatus({ company }: { company: CurrentCompany }) {
  return (
    <div className={cn("space-y-1 rounded-md border p-3 text-sm", TONES[company.verificationStatus])}>
      <p className="font-semibold">{statusText(company)}</p>
      {company.verificationStatus === "pending" && company.verifiedAt && (
        <p>
          Your company's details changed after ValuSeal verified them; codes issued before the change still show
          “Verified Authentic”.
        </p>
      )}
      {company.verificationNote && <p className="break-words">Note from ValuSeal: {company.verificationNote}</p>}
    </div>
  );
}
