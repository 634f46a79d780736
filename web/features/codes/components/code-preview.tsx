import { QrCode } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { CODE_PREVIEW_SIZE } from "#schema/limits/codes.ts";
import type { QrCodeWithImage } from "#schema/responses/index.ts";
import { Card } from "#web/components/ui/card.tsx";
import { formatMoney } from "#web/lib/format.ts";
import { codeTitle } from "../lib/describe-code";
import { CREATE_PAGE_MESSAGES, QrImageActions } from "./qr-image-actions";
import { VerificationCode } from "./verification-code";

/** The create page's preview panel: a prompt before generation, then the code with Copy and Download. */
export function CodePreview({ code, after }: { code: QrCodeWithImage | undefined; after?: ReactNode }) {
  // A new code takes the focus (and, on a phone, the view, since the preview is under the form):
  // the keyboard goes on to copying or downloading it rather than back up a cleared form.
  const generatedLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (code) generatedLine.current?.focus();
  }, [code]);
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">QR Code Preview</h2>
      <div aria-live="polite" className="mt-4">
        {code ? (
          <div className="flex flex-col items-center gap-4 text-center">
            <p ref={generatedLine} tabIndex={-1} className="font-semibold text-emerald-800" data-new-code="">
              New code generated: {code.verificationCode}
            </p>
            <img
              src={code.qrCodeDataUrl}
              width={CODE_PREVIEW_SIZE.create}
              height={CODE_PREVIEW_SIZE.create}
              alt={`Verification QR code for ${codeTitle(code)}`}
              className="rounded border border-slate-200"
            />
            <VerificationCode code={code.verificationCode} />
            <dl className="space-y-1 text-sm">
              {code.propertyReference && (
                <div>
                  <dt className="sr-only">Reference</dt>
                  <dd className="font-semibold text-slate-900">{code.propertyReference}</dd>
                </div>
              )}
              {code.propertyAddress && (
                <div>
                  <dt className="sr-only">Address</dt>
                  <dd className="text-slate-700">{code.propertyAddress}</dd>
                </div>
              )}
              <div>
                <dt className="sr-only">Market value</dt>
                <dd className="font-medium text-slate-900">{formatMoney(code.marketValue, code.currency)}</dd>
              </div>
            </dl>
            <QrImageActions
              source={{ svgDataUrl: code.qrCodeDataUrl, verificationCode: code.verificationCode }}
              fileStem={code.id}
              messages={CREATE_PAGE_MESSAGES}
            />
            {after}
            <Link to={`/qr/${code.id}`} className="text-sm font-medium text-brand-700 hover:underline">
              View code details
            </Link>
          </div>
        ) : (
          <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-md border-2 border-dashed border-slate-200 p-6 text-center text-sm text-slate-500">
            <QrCode aria-hidden="true" className="size-10 text-slate-400" />
            <p>Fill out the form to generate your QR code</p>
          </div>
        )}
      </div>
    </Card>
  );
}
