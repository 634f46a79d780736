import { AlertTriangle } from "lucide-react";
import type { RelianceCheck } from "#schema/responses/index.ts";
import { DetailList } from "#web/components/ui/detail-list.tsx";
import { CertificateVerdict } from "#web/components/ui/certificate-verdict.tsx";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { useLanguage, useTexts } from "#web/lib/language.ts";
import { LOCALES } from "#schema/language.ts";
import { RELIANCE_TEXTS } from "../texts";

/**
 * The valuation about to be relied on, as its certificate shows it (the certificate's own verdict and
 * words), and what the lender should know first.
 */
export function ReliedCodeSummary({ check }: { check: RelianceCheck }) {
  const { code, warnings } = check;
  const language = useLanguage();
  const t = useTexts(RELIANCE_TEXTS);
  const day = (value: string | null) => formatDate(value, "long", LOCALES[language]);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm text-slate-700">{code.verificationCode}</span>
      </div>
      <CertificateVerdict
        status={code.status}
        issuerTrust={code.issuerTrust}
        valuerCheck={code.valuerRegisterCheck?.result ?? null}
        issuerSuspendedAt={code.issuerSuspendedAt}
        issuerClosedAt={code.issuerClosedAt}
        language={language}
      />
      <DetailList
        rows={[
          [t.property, code.property],
          [t.issuedBy, code.issuerName],
          [t.preparedFor, code.addressee],
          [t.marketValue, formatMoney(code.marketValue, code.currency)],
          [t.valuationDate, day(code.valuationDate)],
          [t.validUntil, day(code.validUntil)],
        ]}
      />
      {warnings.length > 0 && (
        <ul aria-label={t.beforeYouRely} className="space-y-2">
          {warnings.map((warning) => (
            <li
              key={warning.kind}
              data-warning={warning.kind}
              className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{t.warnings[warning.kind] ?? warning.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
