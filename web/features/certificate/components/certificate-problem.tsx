import { Button } from "#web/components/ui/button.tsx";
import { StatusPill } from "#web/components/ui/certificate-verdict.tsx";
import { CERTIFICATE_TEXTS } from "#verifier/texts/certificate-page.ts";
import { CertificateBanner, CertificateLayout } from "./certificate-layout";

const t = CERTIFICATE_TEXTS.en;

/** The explanations under "Invalid QR code data" when the JSON could be read but is not the issuer's. */
export const INVALID_NOTES = {
  notOnRecord: t.invalidText,
  detailsDiffer:
    "The details in this link do not match the issuer's record, so it is not a genuine certificate. Scan the code printed on the report, or contact the valuation company through a channel you already trust.",
} as const;

/** The fixed error texts (docs/product.md) under the heading "Invalid QR Code", with an optional explanation. */
export function InvalidCertificate({ message, note }: { message: string; note?: string }) {
  return (
    <CertificateLayout heading={t.invalidTitle} status={<StatusPill tone="invalid">{message}</StatusPill>}>
      {/* In the scanned page's words: what the reader must not do. */}
      <p className="px-4 pt-4 text-lg font-bold text-red-700">{t.notValuSealCode}</p>
      {note && (
        <CertificateBanner tone="invalid" title="Not the issuer's record">
          <p>{note}</p>
        </CertificateBanner>
      )}
    </CertificateLayout>
  );
}

/** The server could not answer (offline, busy, rate limited): nothing is claimed either way. */
export function VerificationUnavailable({ detail, onRetry }: { detail?: string; onRetry: () => void }) {
  return (
    <CertificateLayout heading="Verification temporarily unavailable">
      <div className="space-y-3 p-4">
        <p>{detail ?? "The certificate could not be checked. Check your connection and try again in a moment."}</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </CertificateLayout>
  );
}
