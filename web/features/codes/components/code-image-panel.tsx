import { CODE_PREVIEW_SIZE } from "../../../../schema/limits";
import type { Json, QrCodeWithImage } from "../../../../schema/responses";
import { Card } from "../../../components/ui/card";
import { VEHICLE_REFERENCE_LABEL } from "../../../../schema/code-description";
import { codeTitle, isMotorVehicle } from "../lib/describe-code";
import { qrFileName } from "../lib/qr-image";
import { CodeStatusBadge } from "./code-status-badge";
import { DETAIL_PAGE_MESSAGES, QrImageActions } from "./qr-image-actions";

/** The code at 300 px with its reference, Copy and Download (named after the reference), and where it leads. */
export function CodeImagePanel({ code }: { code: Json<QrCodeWithImage> }) {
  return (
    <Card className="flex flex-col items-center gap-4 p-4 text-center sm:p-6">
      <img
        src={code.qrCodeDataUrl}
        width={CODE_PREVIEW_SIZE.detail}
        height={CODE_PREVIEW_SIZE.detail}
        alt={`Verification QR code for ${codeTitle(code)}`}
        className="h-auto max-w-full rounded border border-slate-200"
      />
      <div className="space-y-1">
        <p className="text-sm text-slate-600">
          {isMotorVehicle(code) ? VEHICLE_REFERENCE_LABEL : "Reference"}:{" "}
          <span className="font-semibold text-slate-900">{code.propertyReference || "N/A"}</span>
        </p>
        <CodeStatusBadge code={code} />
      </div>
      <QrImageActions
        src={code.qrCodeDataUrl}
        fileName={qrFileName(code.propertyReference || code.id)}
        messages={DETAIL_PAGE_MESSAGES}
      />
      <div className="w-full border-t border-slate-200 pt-4 text-left text-sm">
        <p className="font-medium text-slate-700">Public verification address</p>
        <a
          href={code.qrCodeData}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all text-blue-700 hover:underline"
        >
          {code.qrCodeData}
        </a>
        <p className="mt-1 text-xs text-slate-500">Anyone who scans the code sees the certificate at this address.</p>
      </div>
    </Card>
  );
}
