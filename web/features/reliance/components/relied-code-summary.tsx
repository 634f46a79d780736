import { AlertTriangle } from "lucide-react";
import type { RelianceCheck } from "../../../../schema/responses";
import { DetailList } from "../../../components/ui/detail-list";
import { CertificateVerdict } from "../../../components/ui/certificate-verdict";
import { formatDate, formatMoney } from "../../../lib/format";

/**
 * The valuation about to be relied on, as its certificate shows it (the certificate's own verdict and
 * words), and what the lender should know first.
 */
export function ReliedCodeSummary({ check }: { check: RelianceCheck }) {
  const { code, warnings } = check;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm text-slate-700">{code.verificationCode}</span>
      </div>
      <CertificateVerdict
        status={code.status}
        issuerTrust={code.issuerTrust}
        issuerSuspendedAt={code.issuerSuspendedAt}
      />
      <DetailList
        rows={[
          ["Property", code.property],
          ["Issued by", code.issuerName],
          ["Prepared For", code.addressee],
          ["Market Value", formatMoney(code.marketValue, code.currency)],
          ["Valuation Date", formatDate(code.valuationDate)],
          ["Valid Until", formatDate(code.validUntil)],
        ]}
      />
      {warnings.length > 0 && (
        <ul aria-label="Before you rely on it" className="space-y-2">
          {warnings.map((warning) => (
            <li
              key={warning.kind}
              data-warning={warning.kind}
              className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{warning.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
