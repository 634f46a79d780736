import { codeVerdict, type CertificateTone } from "#schema/certificate-verdict.ts";
import type { ValuerCheckResult } from "#schema/valuer-register.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import type { CodeStatusName, IssuerTrust } from "#schema/limits/codes.ts";
import { StatusBadge, type StatusName } from "#web/components/ui/status-badge.tsx";
import { cn } from "#web/lib/cn.ts";

const BADGES: Record<CodeStatusName, StatusName> = {
  valid: "code-valid",
  expired: "code-expired",
  revoked: "code-revoked",
  superseded: "code-superseded",
};

/** A code's one status as the server computed it, in the same words on every screen. */
export function CodeStatusBadge({ status, className }: { status: CodeStatusName; className?: string }) {
  return <StatusBadge status={BADGES[status]} className={className} />;
}

const VERDICT_TEXT: Record<Exclude<CertificateTone, "sample">, string> = {
  valid: "text-emerald-700",
  warning: "text-amber-800",
  invalid: "text-red-700",
};

/**
 * What a scan of the code shows, by the certificate's own rule, for the lists (History, Recent
 * Codes): the status badge alone says "Valid" for a code that scans amber when ValuSeal does not
 * vouch for the identity it was issued under. Shown only when the verdict says more than the badge
 * (a withdrawn or expired code reads the same on both), so a list does not repeat itself.
 */
export function ScanVerdict({
  code,
  className,
}: {
  code: { status: CodeStatusName; issuerTrust: IssuerTrust; valuerRegisterCheck: { result: ValuerCheckResult } | null };
  className?: string;
}) {
  const { tone, headline } = codeVerdict(code);
  if (tone === "sample" || headline === code.status) return null;
  return (
    <p data-scan-verdict={tone} className={cn("text-xs", VERDICT_TEXT[tone], className)}>
      Scans show “{verdictHeadline("en", headline)}”
    </p>
  );
}
