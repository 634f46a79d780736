import type { ReactNode } from "react";
import type { QrCodeWithImage } from "#schema/responses/index.ts";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { formatDate, formatMeasure, formatMoney } from "#web/lib/format.ts";
import { identityRows, isMotorVehicle } from "../lib/describe-code";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{children || "N/A"}</dd>
    </div>
  );
}

/**
 * The detail page's fields: what was valued (identityRows), type, sizes, values, dates, the lender
 * fields (only those given; Valid Until always), status, signer and verification count.
 */
export function CodePropertyDetails({ code }: { code: QrCodeWithImage }) {
  const vehicle = isMotorVehicle(code);
  return (
    <SectionCard title="Property Details">
      <dl className="grid gap-4 sm:grid-cols-2">
        {identityRows(code).map(([label, value]) => (
          <Detail key={label} label={label}>
            {value}
          </Detail>
        ))}
        <Detail label="Property Type">{code.propertyType}</Detail>
        {code.titleNumber && <Detail label="Title Number">{code.titleNumber}</Detail>}
        {!vehicle && <Detail label="Building Size">{formatMeasure(code.propertySize, code.propertySizeUnit)}</Detail>}
        {!vehicle && <Detail label="Land Size">{formatMeasure(code.landSize, code.landSizeUnit)}</Detail>}
        <Detail label="Market Value">{formatMoney(code.marketValue, code.currency)}</Detail>
        {code.forcedSaleValue && (
          <Detail label="Forced Sale Value">{formatMoney(code.forcedSaleValue, code.currency)}</Detail>
        )}
        <Detail label="Valuation Date">{formatDate(code.valuationDate)}</Detail>
        {code.inspectionDate && <Detail label="Inspection Date">{formatDate(code.inspectionDate)}</Detail>}
        <Detail label="Valid Until">{formatDate(code.validUntil)}</Detail>
        {code.addressee && <Detail label="Prepared For">{code.addressee}</Detail>}
        {code.purpose && <Detail label="Purpose">{code.purpose}</Detail>}
        <Detail label="Signing Valuer">
          {code.valuer && (
            <>
              {code.valuer.name}
              {code.valuer.qualification && (
                <span className="block text-sm font-normal text-slate-600">{code.valuer.qualification}</span>
              )}
              {code.signerNow && (
                <span className="mt-1 block text-sm font-normal text-amber-800" data-testid="signer-now">
                  The valuer's details have changed since this code was issued (now {code.signerNow.name}
                  {code.signerNow.qualification ? `, ${code.signerNow.qualification}` : ""}). The certificate keeps the
                  details it was issued with.
                </span>
              )}
            </>
          )}
        </Detail>
        <Detail label="Verification Count">{String(code.verificationCount)}</Detail>
      </dl>
    </SectionCard>
  );
}
