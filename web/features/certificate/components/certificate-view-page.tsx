import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { ApiRequestError, serverMessageOf } from "#web/lib/api-client.ts";
import { usePublicCertificate } from "../api/public-certificate";
import { fieldsDifferingFromRecord, readQrViewData } from "../lib/qr-view-data";
import { CertificateDetails } from "./certificate-details";
import { CertificateLayout } from "./certificate-layout";
import { INVALID_NOTES, InvalidCertificate, VerificationUnavailable } from "./certificate-problem";

const INVALID = "Invalid QR code data";

/**
 * Checks a claimed certificate against the issuer's record. The JSON only names the code; what
 * is shown is the server's answer, and only when every field the JSON states agrees with it.
 */
function CheckedCertificate({ token, claim }: { token: string; claim: Record<string, unknown> }) {
  const record = usePublicCertificate(token);
  if (record.isPending) {
    return (
      <CertificateLayout heading="Property Valuation Certificate">
        <InlineLoading label="Checking the issuer's record..." />
      </CertificateLayout>
    );
  }
  if (record.isError) {
    if (record.error instanceof ApiRequestError && record.error.status === 404) {
      return <InvalidCertificate message={INVALID} note={INVALID_NOTES.notOnRecord} />;
    }
    return <VerificationUnavailable detail={serverMessageOf(record.error)} onRetry={() => void record.refetch()} />;
  }
  if (fieldsDifferingFromRecord(claim, record.data).length > 0) {
    return <InvalidCertificate message={INVALID} note={INVALID_NOTES.detailsDiffer} />;
  }
  return <CertificateDetails certificate={record.data} />;
}

/** /qr-view?data=<URL-encoded JSON>: the older public verification link, made forgery-proof (the server's record is shown, never the link's). */
export function CertificateViewPage() {
  const [params] = useSearchParams();
  const input = useMemo(() => readQrViewData(params.get("data")), [params]);
  if (input.kind === "missing") return <InvalidCertificate message="No QR code data found" />;
  if (input.kind === "malformed") return <InvalidCertificate message={INVALID} />;
  if (!input.token) return <InvalidCertificate message={INVALID} note={INVALID_NOTES.notOnRecord} />;
  return <CheckedCertificate key={input.token} token={input.token} claim={input.claim} />;
}
