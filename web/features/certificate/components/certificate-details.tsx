import { identityRows } from "#schema/code-description.ts";
import type { PublicCertificate } from "#schema/validation/certificate.ts";
import { formatDate, formatMeasure, formatMoney } from "#web/lib/format.ts";
import {
  type CertificateHeadline,
  certificateVerdict,
  issuerStanding,
  verdictHeadline,
} from "#schema/certificate-verdict.ts";
import { cn } from "#web/lib/cn.ts";
import { CertificateBanner, CertificateLayout, DetailList, DetailSection } from "./certificate-layout";
import { CertificateVerdict } from "#web/components/ui/certificate-verdict.tsx";

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
          <a href={certificate.supersededBy} className="font-semibold underline">
            Open the new valuation
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

/** Word for word the notices of the server-rendered certificate (worker/lib/certificate-texts.ts). */
const TRUST_NOTICES: Partial<Record<CertificateHeadline, string>> = {
  "issuer-not-verified":
    "This code is in ValuSeal's records, but ValuSeal has not checked the identity or professional registration of the company that issued it. Confirm the report with the valuation firm through a channel you already trust before relying on it.",
  "issuer-before-verification":
    "ValuSeal verified this firm after this code was issued and has not confirmed the codes it issued before. Confirm the report with the valuation firm through a channel you already trust before relying on it.",
  "issuer-other-identity":
    "The name, registration or email on this code is not the identity ValuSeal verified for the firm that issued it. Confirm the report with the valuation firm through a channel you already trust before relying on it.",
  "issuer-suspended":
    "ValuSeal has suspended the firm that issued this code. The record below is as it was issued; do not rely on it without confirming it with the firm and its professional body.",
};

const headlineOf = (c: PublicCertificate, headline: CertificateHeadline) =>
  verdictHeadline("en", headline, c.issuerSuspendedAt ? formatDate(c.issuerSuspendedAt) : null);

/** Why ValuSeal does not vouch for the issuer of a standing code. */
function TrustBanner({ certificate: c, headline }: { certificate: PublicCertificate; headline: CertificateHeadline }) {
  const notice = TRUST_NOTICES[headline];
  if (!notice) return null;
  return (
    <CertificateBanner tone="unverified" title={headlineOf(c, headline)}>
      <p>{notice}</p>
    </CertificateBanner>
  );
}

/** A withdrawal that was undone stays on the record, as on the scanned page. */
function ReinstatementBanner({ certificate: c }: { certificate: PublicCertificate }) {
  if (!c.reinstatement) return null;
  const { revokedAt, reinstatedAt, reason } = c.reinstatement;
  return (
    <CertificateBanner
      tone="sample"
      title={`Withdrawn on ${formatDate(revokedAt)} and reinstated on ${formatDate(reinstatedAt)}`}
    >
      {reason && <p>Reason: {reason}</p>}
    </CertificateBanner>
  );
}

/**
 * The shared verdict (schema/certificate-verdict.ts): the same words and colour as every other
 * surface, and the line saying what it proves.
 */
function CertificateStatus({ certificate: c }: { certificate: PublicCertificate }) {
  return <CertificateVerdict status={c.status} issuerTrust={c.issuerTrust} issuerSuspendedAt={c.issuerSuspendedAt} />;
}

/** As on the scanned page: the issuer and ValuSeal's word on it, the value, its dates and the valuer, first. */
function CertificateSummary({ certificate: c }: { certificate: PublicCertificate }) {
  if (c.status === "sample") return null;
  const on = c.issuerTrust === "suspended" ? c.issuerSuspendedAt : c.issuerVerifiedAt;
  const issuer = (
    <>
      {c.companyName}
      <span
        className={cn("block text-sm font-normal", c.issuerTrust === "verified" ? "text-green-800" : "text-amber-800")}
      >
        {issuerStanding("en", c.issuerTrust, on ? formatDate(on) : null)}
      </span>
    </>
  );
  return (
    <section aria-label="Summary" className="summary border-b border-slate-200 px-4 py-3">
      <DetailList
        columns="always"
        rows={[
          ["Issuer", issuer],
          ["Market value", formatMoney(c.marketValue, c.currency)],
          ["Valuation date", formatDate(c.valuationDate)],
          ["Signing valuer", c.signingValuer],
          ["Valid until", formatDate(c.validUntil)],
        ]}
      />
    </section>
  );
}

/** The issuer's record in the same sections as the /v/ page, exactly as the server answered it. */
export function CertificateDetails({ certificate: c }: { certificate: PublicCertificate }) {
  const { headline } = certificateVerdict(c.status, c.issuerTrust);
  const scanCount = c.status === "sample" ? "Not counted (sample)" : String(c.verificationCount);
  return (
    <CertificateLayout
      heading="Property Valuation Certificate"
      status={<CertificateStatus certificate={c} />}
      footer={
        <>
          <DetailList
            className="mb-2.5"
            rows={[
              ["Verification code", c.verificationCode],
              ["QR Code ID", c.qrCodeId],
              ["Scan count", scanCount],
            ]}
          />
          {c.status !== "sample" && (
            <p className="mb-2.5 text-sm text-slate-700">
              <a
                href={`/api/public/certificates/${c.qrCodeId}/record`}
                download
                className="font-medium text-brand-700 underline"
              >
                Download signed record
              </a>
              : this certificate as ValuSeal signed it, to keep with the report. Its signature can be checked against
              ValuSeal's published keys without this site.{" "}
              <a href="/verifier?download" className="font-medium text-brand-700 underline">
                Download the offline verifier
              </a>{" "}
              to check it, and the report's PDF, with no connection.
            </p>
          )}
          {c.status !== "sample" && (
            <p className="mb-2.5 text-sm">
              <a href={`/reliance/new?code=${c.qrCodeId}`} className="font-medium text-brand-700 underline">
                Lender? Record reliance
              </a>
            </p>
          )}
        </>
      }
    >
      {/* A withdrawn code says so before its value and dates can be read, as on the scanned page. */}
      {(c.status === "revoked" || c.status === "superseded") && <RevokedBanner certificate={c} />}
      <CertificateSummary certificate={c} />
      {headline === "expired" && <ExpiredBanner certificate={c} />}
      {c.status === "sample" && <SampleBanner />}
      <TrustBanner certificate={c} headline={headline} />
      <ReinstatementBanner certificate={c} />
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
          ...c.relianceLetters.map((letter): [string, string] => [
            "Reliance letter",
            `Reliance extended to ${letter.lenderName} until ${formatDate(letter.relianceUntil)}`,
          ]),
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
          ["Company registration", c.issuerRegistration],
          ["Company email", c.companyEmail],
          ["Company phone", c.companyPhone],
        ]}
      />
    </CertificateLayout>
  );
}
