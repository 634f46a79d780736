import { identityRows } from "../../../../schema/code-description";
import type { PublicCertificate } from "../../../../schema/validation/certificate";
import { formatDate, formatMeasure, formatMoney } from "../../../lib/format";
import { ISSUER_NOT_VERIFIED } from "../../../lib/verification";
import { CertificateBanner, CertificateLayout, DetailList, DetailSection, StatusPill } from "./certificate-layout";

function RevokedBanner({ certificate }: { certificate: PublicCertificate }) {
  const revokedOn = certificate.revokedAt ? ` on ${formatDate(certificate.revokedAt)}` : "";
  return (
    <CertificateBanner tone="invalid" title={`Revoked${revokedOn}`}>
      <p>The issuer has withdrawn this valuation. Do not rely on it.</p>
      {certificate.revokedReason && <p>Reason: {certificate.revokedReason}</p>}
      {certificate.supersededBy && (
        <p>
          Replaced by:{" "}
          <a href={certificate.supersededBy} className="break-all font-semibold underline">
            {certificate.supersededBy}
          </a>
        </p>
      )}
    </CertificateBanner>
  );
}

function SampleBanner() {
  return (
    <CertificateBanner tone="sample" title="Sample certificate — for demonstration only">
      <p>
        This is how a scanned ValuSeal code looks. A real certificate shows the issuer's record with a green
        verification badge.
      </p>
    </CertificateBanner>
  );
}

/** Word for word the notice of the server-rendered certificate (worker/lib/certificate-page.ts). */
function IssuerNotVerifiedBanner() {
  return (
    <CertificateBanner tone="unverified" title={ISSUER_NOT_VERIFIED}>
      <p>
        This code is in ValuSeal's records, but ValuSeal has not checked the identity or professional registration of
        the company that issued it. Confirm the report with the valuation firm through a channel you already trust
        before relying on it.
      </p>
    </CertificateBanner>
  );
}

/**
 * "Verified Authentic" only when the code is valid and ValuSeal has checked who issued it; a valid
 * code of an unchecked firm is the issuer's record under an amber pill, never shown as authentic.
 */
function CertificateStatus({ certificate: c }: { certificate: PublicCertificate }) {
  if (c.status === "sample") return <StatusPill tone="sample">Sample</StatusPill>;
  if (c.status === "revoked") return <StatusPill tone="invalid">Revoked</StatusPill>;
  if (!c.issuerVerified) return <StatusPill tone="unverified">{ISSUER_NOT_VERIFIED}</StatusPill>;
  const since = c.issuerVerifiedAt ? ` on ${formatDate(c.issuerVerifiedAt)}` : "";
  return (
    <>
      <StatusPill tone="valid">Verified Authentic</StatusPill>
      <p className="mt-2 text-sm text-green-800">Issuer verified by ValuSeal{since}</p>
    </>
  );
}

/** The issuer's record in the same sections as the /v/ page, exactly as the server answered it. */
export function CertificateDetails({ certificate: c }: { certificate: PublicCertificate }) {
  const scanCount = c.status === "sample" ? "Not counted (sample)" : String(c.verificationCount);
  return (
    <CertificateLayout
      heading="Property Valuation Certificate"
      status={<CertificateStatus certificate={c} />}
      footer={
        <DetailList
          className="mb-2.5"
          rows={[
            ["QR Code ID", c.qrCodeId],
            ["Scan count", scanCount],
          ]}
        />
      }
    >
      {c.status === "revoked" && <RevokedBanner certificate={c} />}
      {c.status === "sample" && <SampleBanner />}
      {c.status === "valid" && !c.issuerVerified && <IssuerNotVerifiedBanner />}
      <DetailSection
        title="Property Information"
        rows={[
          ...identityRows(c, "certificate"),
          ["Type", c.propertyType],
          ["Building size", formatMeasure(c.propertySize, c.propertySizeUnit)],
          ["Land size", formatMeasure(c.landSize, c.landSizeUnit)],
        ]}
      />
      <DetailSection
        title="Valuation Details"
        rows={[
          ["Market value", formatMoney(c.marketValue, c.currency)],
          ["Valuation date", formatDate(c.valuationDate)],
        ]}
      />
      <DetailSection
        title="Signing Valuer"
        rows={[
          ["Name", c.signingValuer],
          ["Qualification", c.valuerQualification],
          ["Registration number", c.valuerRegistrationNumber],
          ["Phone", c.valuerPhone],
          ["Company", c.companyName],
          ["Company email", c.companyEmail],
        ]}
      />
    </CertificateLayout>
  );
}
