import { TriangleAlert } from "lucide-react";
import { CODE_PREVIEW_SIZE, type CodeStatusName } from "#schema/limits/codes.ts";
import type { QrCodeWithImage } from "#schema/responses/index.ts";
import { Card } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { VEHICLE_REFERENCE_LABEL } from "#schema/code-description.ts";
import { codeTitle, isMotorVehicle, isRevoked } from "../lib/describe-code";
import { DETAIL_PAGE_MESSAGES, QrImageActions } from "./qr-image-actions";
import { VerificationCode } from "./verification-code";

/** What the page warns about a code that must no longer go into a report: what a scanner now sees. */
const STATUS_NOTES: Record<Exclude<CodeStatusName, "valid">, string> = {
  revoked: "This code is revoked: anyone who scans it sees “Revoked”. Do not paste it into a report.",
  superseded:
    "This code was replaced: anyone who scans it sees “Replaced by a newer valuation”. Do not paste it into a report.",
  expired: "This valuation has expired: anyone who scans it sees “Expired”. Issue a new code for an updated report.",
};

/** The code at 300 px with its reference, Copy and Download (named after the reference), and where it leads. */
export function CodeImagePanel({ code }: { code: QrCodeWithImage }) {
  const revoked = isRevoked(code);
  return (
    <Card className="flex flex-col items-center gap-4 p-4 text-center sm:p-6">
      <img
        src={code.qrCodeDataUrl}
        width={CODE_PREVIEW_SIZE.detail}
        height={CODE_PREVIEW_SIZE.detail}
        alt={`Verification QR code for ${codeTitle(code)}`}
        className={cn("h-auto max-w-full rounded-control border border-line", revoked && "opacity-60 grayscale")}
      />
      <VerificationCode code={code.verificationCode} />
      <p className="text-sm text-slate-600">
        {isMotorVehicle(code) ? VEHICLE_REFERENCE_LABEL : "Reference"}:{" "}
        <span className="font-semibold text-slate-900">{code.propertyReference || "N/A"}</span>
      </p>
      {code.status !== "valid" && (
        <p
          role="note"
          className={cn(
            "flex items-start gap-2 rounded-control border p-3 text-left text-sm",
            revoked ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900",
          )}
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {STATUS_NOTES[code.status]}
        </p>
      )}
      <QrImageActions
        source={{ svgDataUrl: code.qrCodeDataUrl, verificationCode: code.verificationCode }}
        fileStem={code.propertyReference || code.id}
        messages={DETAIL_PAGE_MESSAGES}
        primary={!revoked}
      />
      <div className="w-full border-t border-line pt-4 text-left text-sm">
        <p className="font-medium text-slate-700">Public verification address</p>
        <a href={code.qrCodeData} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
          <AddressWithBreaks address={code.qrCodeData} />
        </a>
        <p className="mt-1 text-xs text-slate-500">Anyone who scans the code sees the certificate at this address.</p>
      </div>
    </Card>
  );
}

/**
 * The address may wrap only at its last slash, never inside the token, which a reader may need to
 * compare character by character.
 */
function AddressWithBreaks({ address }: { address: string }) {
  const cut = address.lastIndexOf("/") + 1;
  return (
    <>
      {address.slice(0, cut)}
      <wbr />
      <span className="whitespace-nowrap">{address.slice(cut)}</span>
    </>
  );
}
