import type { PublicCertificate } from "../../../../schema/validation/certificate";
import { formatDate, formatMeasure, formatMoney } from "../../../lib/format";
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

function CertificateStatus({ status }: { status: PublicCertificate["status"] }) {
  if (status === "valid") return <StatusPill tone="valid">Verified Authentic</StatusPill>;
  if (status === "sample") return <StatusPill tone="sample">Sample</StatusPill>;
  return <StatusPill tone="invalid">Revoked</StatusPill>;
}

/** The issuer's record (SPEC 2 sections), exactly as the server answered it. */
export function CertificateDetails({ certificate: c }: { certificate: PublicCertificate }) {
  const scanCount = c.status === "sample" ? "Not counted (sample)" : String(c.verificationCount);
  return (
    <CertificateLayout
      heading="Property Valuation Certificate"
      status={<CertificateStatus status={c.status} />}
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
      <DetailSection
        title="Property Information"
        rows={[
          ["Location", c.propertyAddress],
          ["Reference", c.propertyReference],
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
          ["Phone", c.valuerPhone],
          ["Company", c.companyName],
          ["Company email", c.companyEmail],
        ]}
      />
    </CertificateLayout>
  );
}
