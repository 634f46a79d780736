import { Link } from "react-router";
import { COMPANY_SETTINGS_PATHS } from "#schema/app-paths.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import type { IssuerReviewState } from "#schema/limits/companies.ts";

/** Where the firm stands with ValuSeal's identity check, as the create page needs to know it. */
export interface IssuerStanding {
  verificationStatus: IssuerReviewState;
  /** The firm has put its professional registration on file for ValuSeal to check. */
  registrationSubmitted: boolean;
}

const NOT_VERIFIED = verdictHeadline("en", "issuer-not-verified");
const VERIFIED = verdictHeadline("en", "verified-authentic");

/**
 * Before a firm issues codes that ValuSeal cannot vouch for, it is told what their certificates will
 * say and how to change that; a verified firm sees nothing.
 */
export function UnverifiedIssuerNotice({ standing }: { standing: IssuerStanding | undefined }) {
  if (!standing || standing.verificationStatus === "verified") return null;
  const checking = standing.verificationStatus === "pending" && standing.registrationSubmitted;
  const rejected = standing.verificationStatus === "rejected";
  return (
    <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">
        {checking ? "ValuSeal is checking your firm's registration" : "ValuSeal has not verified your firm"}
      </p>
      <p className="mt-1">
        Until it does, anyone who scans a code you issue sees “{NOT_VERIFIED}” in amber instead of “{VERIFIED}”. Codes
        issued before verification turn green only if ValuSeal confirms them when it verifies your firm.
      </p>
      {!checking && (
        <Link to={COMPANY_SETTINGS_PATHS.verification} className="mt-2 inline-block font-medium underline">
          {rejected ? "Review your registration" : "Submit your firm's registration"}
        </Link>
      )}
    </div>
  );
}
