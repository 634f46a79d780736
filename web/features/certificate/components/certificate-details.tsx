import { identityRows } from "../../../../schema/code-description";
import type { PublicCertificate } from "../../../../schema/validation/certificate";
import { formatDate, formatMeasure, formatMoney } from "../../../lib/format";
import { ISSUER_NOT_VERIFIED } from "../../../lib/verification";
import { CertificateBanner, CertificateLayout, DetailList, DetailSection, StatusPill } from "./certificate-layout";

const revokedOn = (certificate: PublicCertificate) =>
  `Revoked${certificate.revokedAt ? ` on ${formatDate(certificate.revokedAt)}` : ""}`;

/**
 * A withdrawn code, in the server page's words: "Revoked on …", or for one the issuer replaced,
 * "Replaced by a newer valuation" with a link to the replacement.
 */
function RevokedBanner({ certificate }: { certificate: PublicCertificate }) {
  const superseded = certificate.status === "superseded";
  return (
    <CertificateBanner tone="invalid" title={superseded ? "Replaced by a newer valuation" : revokedOn(certificate)}>
      <p>{superseded && `${revokedOn(certificate)}. `}The issuer has withdrawn this valuation. Do not rely on it.</p>
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

/** A standing code past its Valid Until day: amber, whoever issued it. */
function ExpiredBanner({ certificate }: { certificate: PublicCertificate }) {
  return (
    <CertificateBanner tone="unverified" title="Expired">
      <p>
        This valuation expired on {formatDate(certificate.validUntil ?? certificate.valuationDate)}. Ask the valuer for
        an updated report.
      </p>
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
 * code of an unchecked firm is the issuer's record under an amber pill, never shown as authentic;
 * an expired code is amber and a revoked or superseded one red, whoever issued it.
 */
function CertificateStatus({ certificate: c }: { certificate: PublicCertificate }) {
  if (c.status === "sample") return <StatusPill tone="sample">Sample</StatusPill>;
  if (c.status === "revoked") return <StatusPill tone="invalid">Revoked</StatusPill>;
  if (c.status === "superseded") return <StatusPill tone="invalid">Superseded</StatusPill>;
  if (c.status === "expired") return <StatusPill tone="unverified">Expired</StatusPill>;
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
            ["Verification code", c.verificationCode],
            ["QR Code ID", c.qrCodeId],
            ["Scan count", scanCount],
          ]}
        />
      }
    >
      {(c.status === "revoked" || c.status === "superseded") && <RevokedBanner certificate={c} />}
      {c.status === "expired" && <ExpiredBanner certificate={c} />}
      {c.status === "sample" && <SampleBanner />}
      {c.status === "valid" && !c.issuerVerified && <IssuerNotVerifiedBanner />}
      <DetailSection
        title="Property Information"
        rows={[
          ...identityRows(c, "certificate"),
          ["Type", c.propertyType],
          ["Title number", c.titleNumber],
          ["Building size", formatMeasure(c.propertySize, c.propertySizeUnit)],
          ["Land size", formatMeasure(c.landSize, c.landSizeUnit)],
        ]}
      />
      <DetailSection
        title="Valuation Details"
        rows={[
          ["Market value", formatMoney(c.marketValue, c.currency)],
          ["Forced sale value", c.forcedSaleValue === null ? null : formatMoney(c.forcedSaleValue, c.currency)],
          ["Valuation date", formatDate(c.valuationDate)],
          ["Inspection date", formatDate(c.inspectionDate)],
          ["Valid until", formatDate(c.validUntil)],
          ["Prepared for", c.addressee],
          ["Purpose", c.purpose],
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
