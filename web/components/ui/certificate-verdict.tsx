import type { ReactNode } from "react";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { issuerClosedNotice, verdictHeadline, verdictMeaning } from "#verifier/texts/verdict.ts";
import type { CertificateStatus } from "#schema/validation/certificate.ts";
import type { ValuerCheckResult } from "#schema/valuer-register.ts";
import type { IssuerTrust } from "#schema/limits/codes.ts";
import { LOCALES, type Language } from "#schema/language.ts";
import { cn } from "#web/lib/cn.ts";
import { formatDate } from "#web/lib/format.ts";

/** "unverified": a valid code whose issuer ValuSeal has not checked (amber, like the /v/ page). */
export type StatusTone = "valid" | "invalid" | "sample" | "unverified";

const TONES: Record<StatusTone, string> = {
  valid: "bg-green-100 text-green-800",
  invalid: "bg-red-100 text-red-800",
  sample: "bg-sky-100 text-sky-800",
  unverified: "bg-amber-100 text-amber-800",
};

const MARKS: Record<StatusTone, string> = { valid: "✓", invalid: "✗", sample: "", unverified: "" };

/**
 * The pill under the heading: "Verified Authentic", "Issuer not verified by ValuSeal", "Revoked",
 * "Invalid QR code data" or "Sample".
 */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <p
      data-tone={tone}
      className={cn("inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 font-bold", TONES[tone])}
    >
      {MARKS[tone] && <span aria-hidden="true">{MARKS[tone]}</span>}
      <span>{children}</span>
    </p>
  );
}

const PILL_TONES = { valid: "valid", warning: "unverified", invalid: "invalid", sample: "sample" } as const;

const MEANING_TONES = {
  valid: "text-green-800",
  warning: "text-amber-800",
  invalid: "text-red-800",
  sample: "text-sky-800",
} as const;

/**
 * A code's verdict by the certificate's one rule (schema/certificate-verdict.ts): the pill in the
 * certificate's words and colour and, with `meaning`, the line saying what it proves. The
 * certificate itself and every lender screen (Record reliance, the Portfolio) show it, so no screen
 * reads green where the certificate is amber.
 */
export function CertificateVerdict({
  status,
  issuerTrust,
  valuerCheck,
  issuerSuspendedAt,
  issuerClosedAt = null,
  meaning = true,
  className,
  language = "en",
}: {
  /** The screen's language: the certificate's own words in it. */
  language?: Language;
  status: CertificateStatus;
  issuerTrust: IssuerTrust;
  /** The result of the valuer's register check frozen at issue; null when none was made. */
  valuerCheck: ValuerCheckResult | null;
  issuerSuspendedAt: string | null;
  /** When the issuer's account closed: said under the verdict, which it does not change. */
  issuerClosedAt?: string | null;
  meaning?: boolean;
  className?: string;
}) {
  const { tone, headline } = certificateVerdict(status, issuerTrust, valuerCheck);
  return (
    <div data-verdict={headline} className={className}>
      <StatusPill tone={PILL_TONES[tone]}>
        {verdictHeadline(
          language,
          headline,
          issuerSuspendedAt ? formatDate(issuerSuspendedAt, "long", LOCALES[language]) : null,
        )}
      </StatusPill>
      {meaning && (
        <p className={cn("mt-2.5 font-semibold", MEANING_TONES[tone])}>{verdictMeaning(language, headline)}</p>
      )}
      {issuerClosedAt && (
        <p data-testid="issuer-closed" className="mt-1.5 text-sm font-medium text-slate-700">
          {issuerClosedNotice(language, formatDate(issuerClosedAt, "long", LOCALES[language]))}
        </p>
      )}
    </div>
  );
}
