import type { PublicCertificate } from "#schema/validation/certificate.ts";
import { formatDate, formatMeasure, formatMoney } from "#web/lib/format.ts";
import { type CertificateHeadline, codeVerdict } from "#schema/certificate-verdict.ts";
import { issuerStanding, verdictHeadline } from "#verifier/texts/verdict.ts";
import { CERTIFICATE_TEXTS } from "#verifier/texts/certificate-page.ts";
import { certificateSections, type CertificateFormats } from "#verifier/certificate-sections.ts";
import { cn } from "#web/lib/cn.ts";
import { CertificateBanner, CertificateLayout, DetailList, DetailSection } from "./certificate-layout";
import { CertificateVerdict } from "#web/components/ui/certificate-verdict.tsx";

/** The certificate's words, the same as the scanned page's (the web app speaks English). */
const t = CERTIFICATE_TEXTS.en;
const CERTIFICATE_FORMATS: CertificateFormats = {
  language: "en",
  date: formatDate,
  money: formatMoney,
  quantity: formatMeasure,
};

const revokedOn = (certificate: PublicCertificate) =>
  t.revokedOn(certificate.revokedAt ? formatDate(certificate.revokedAt) : null);

/**
 * A withdrawn code, in the server page's words: "Revoked on …", or for one the issuer replaced,
 * "Replaced by a newer valuation" with a link to the replacement.
 */
function RevokedBanner({ certificate }: { certificate: PublicCertificate }) {
  const superseded = certificate.status === "superseded";
  return (
    <CertificateBanner tone="invalid" title={superseded ? t.replacedTitle : revokedOn(certificate)}>
      <p>
        {superseded && `${revokedOn(certificate)}. `}
        {t.withdrawn}
      </p>
      {certificate.revokedReason && (
        <p>
          {t.reason}: {certificate.revokedReason}
        </p>
      )}
      {certificate.supersededBy && (
        <p>
          <a href={certificate.supersededBy} className="font-semibold underline">
            {t.openReplacement}
          </a>
        </p>
      )}
    </CertificateBanner>
  );
}

/** A standing code past its Valid Until day: amber, whoever issued it. */
function ExpiredBanner({ certificate }: { certificate: PublicCertificate }) {
  return (
    <CertificateBanner tone="unverified" title={verdictHeadline("en", "expired")}>
      <p>{t.expiredBannerText(formatDate(certificate.validUntil ?? certificate.valuationDate))}</p>
    </CertificateBanner>
  );
}

function SampleBanner() {
  return (
    <CertificateBanner tone="sample" title={t.sampleBannerTitle}>
      <p>{t.sampleBannerText}</p>
    </CertificateBanner>
  );
}

const headlineOf = (c: PublicCertificate, headline: CertificateHeadline) =>
  verdictHeadline("en", headline, c.issuerSuspendedAt ? formatDate(c.issuerSuspendedAt) : null);

/** Why ValuSeal does not vouch for the issuer of a standing code. */
function TrustBanner({ certificate: c, headline }: { certificate: PublicCertificate; headline: CertificateHeadline }) {
  if (!(headline in t.trustBanners)) return null;
  const notice = t.trustBanners[headline as keyof typeof t.trustBanners];
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
    <CertificateBanner tone="sample" title={t.reinstated(formatDate(revokedAt), formatDate(reinstatedAt))}>
      {reason && (
        <p>
          {t.reason}: {reason}
        </p>
      )}
    </CertificateBanner>
  );
}

/**
 * The shared verdict (schema/certificate-verdict.ts): the same words and colour as every other
 * surface, and the line saying what it proves.
 */
function CertificateStatus({ certificate: c }: { certificate: PublicCertificate }) {
  return (
    <CertificateVerdict
      status={c.status}
      issuerTrust={c.issuerTrust}
      valuerCheck={c.valuerRegisterCheck?.result ?? null}
      issuerSuspendedAt={c.issuerSuspendedAt}
      issuerClosedAt={c.issuerClosedAt}
    />
  );
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
    <section aria-label={t.summary} className="summary border-b border-slate-200 px-4 py-3">
      <DetailList
        columns="always"
        rows={[
          [t.issuer, issuer],
          [t.marketValue, formatMoney(c.marketValue, c.currency)],
          [t.valuationDate, formatDate(c.valuationDate)],
          [t.valuer, c.signingValuer],
          [t.validUntil, formatDate(c.validUntil)],
        ]}
      />
    </section>
  );
}

/** The issuer's record in the same sections as the /v/ page, exactly as the server answered it. */
export function CertificateDetails({ certificate: c }: { certificate: PublicCertificate }) {
  const { headline } = codeVerdict(c);
  const scanCount = c.status === "sample" ? t.notCounted : String(c.verificationCount);
  return (
    <CertificateLayout
      heading={t.certificateTitle}
      status={<CertificateStatus certificate={c} />}
      footer={
        <>
          <DetailList
            className="mb-2.5"
            rows={[
              [t.verificationCode, c.verificationCode],
              [t.qrCodeId, c.qrCodeId],
              [t.scanCount, scanCount],
            ]}
          />
          {c.status !== "sample" && (
            <p className="mb-2.5 text-sm text-slate-700">
              <a
                href={`/api/public/certificates/${c.qrCodeId}/record`}
                download
                className="font-medium text-brand-700 underline"
              >
                {t.signedRecordLink}
              </a>
              {t.signedRecordRest}{" "}
              <a href="/verifier?download" className="font-medium text-brand-700 underline">
                {t.offlineVerifierLink}
              </a>
              {t.offlineVerifierRest}
            </p>
          )}
          {c.status !== "sample" && (
            <p className="mb-2.5 text-sm">
              <a href={`/reliance/new?code=${c.qrCodeId}`} className="font-medium text-brand-700 underline">
                {t.recordReliance}
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
      {certificateSections(c, t, CERTIFICATE_FORMATS).map(({ title, rows }) => (
        <DetailSection key={title} title={title} rows={rows} />
      ))}
    </CertificateLayout>
  );
}
