import { createHash } from "node:crypto";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { identityRows } from "../../schema/code-description";
import { CURRENCY_SYMBOLS, type Currency } from "../../schema/limits";
import type { PublicCertificate } from "../../schema/validation/certificate";

/**
 * The certificate a phone sees when it scans a code: one self-contained HTML document, rendered by
 * the Worker, with no script, no external request and inline CSS only (readable at 360 px). Every
 * value is escaped by hono/html; only the constant stylesheet is inserted raw.
 */
const CSS = `*{box-sizing:border-box}body{margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:640px;margin:0 auto;padding:16px}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;overflow:hidden}
header{padding:20px 16px;text-align:center;border-bottom:1px solid #e2e8f0}.brand{margin:0;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#475569}
h1{margin:4px 0 12px;font-size:22px;line-height:1.25}.badge{display:inline-block;margin:0;padding:6px 14px;border-radius:999px;font-weight:700}
.ok{background:#dcfce7;color:#166534}.bad{background:#fee2e2;color:#991b1b}.note{background:#e0f2fe;color:#075985}.warn{background:#fef3c7;color:#92400e}
.banner{margin:16px;padding:12px 14px;border-radius:8px;border:2px solid}.banner.bad{border-color:#dc2626}.banner.note{border-color:#0284c7}.banner.warn{border-color:#d97706}
.issuer{margin:8px 0 0;font-size:14px;color:#166534}
.banner strong{display:block;font-size:18px}.banner p{margin:4px 0 0}a{color:inherit;overflow-wrap:anywhere}
section{padding:12px 16px;border-bottom:1px solid #e2e8f0}h2{margin:0 0 8px;font-size:15px;color:#334155}
dl{margin:0;display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:6px 12px}dt{color:#64748b}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
footer{padding:12px 16px;background:#f8fafc;font-size:14px}footer dl{margin-bottom:10px}.phish{margin:0;color:#475569}
.lead{padding:16px;margin:0}.sealed{margin:12px 0 0;font-weight:600;color:#334155}.check{padding:12px 16px;margin:0;border-bottom:1px solid #e2e8f0}@media (max-width:400px){dl{grid-template-columns:1fr}dd{margin-bottom:6px}}`;

/** Built as one string so formatting can never put whitespace inside it: the CSP hash covers it exactly. */
const STYLE_ELEMENT = raw(`<style>${CSS}</style>`);

let styleHash: string | undefined;

/** CSP allowing exactly this stylesheet and nothing else: no script, no frames, no forms. */
export function certificatePageHeaders(): Record<string, string> {
  styleHash ??= createHash("sha256").update(CSS).digest("base64");
  return {
    "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    // A certificate is for whoever holds the report, not for search engines.
    "X-Robots-Tag": "noindex, nofollow",
  };
}

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** en-GB long form, "15 January 2025", as every certificate date is written. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/** Groups a decimal string's integer part without going through floating point. */
function groupDigits(decimal: string, fraction: "money" | "trim"): string {
  const [whole = "0", part = ""] = decimal.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const digits = fraction === "money" ? part.padEnd(2, "0").slice(0, 2) : part.replace(/0+$/, "");
  return digits ? `${grouped}.${digits}` : grouped;
}

/** "KSh 45,000,000.00", "$ 1,250,000.00": the symbols the rest of the product shows. */
export const formatMoney = (value: string, currency: string) =>
  `${CURRENCY_SYMBOLS[currency as Currency] ?? currency} ${groupDigits(value, "money")}`;

const formatQuantity = (value: string | null, unit: string | null) =>
  value === null ? null : `${groupDigits(value, "trim")}${unit ? ` ${unit}` : ""}`;

type Rows = [label: string, value: string | null][];

/** Fields the valuation does not have (a vehicle has no land size) are left out, not shown empty. */
function details(title: string, rows: Rows) {
  const present = rows.filter(([, value]) => value !== null && value !== "");
  return html`<section>
    <h2>${title}</h2>
    <dl>
      ${present.map(
        ([label, value]) =>
          html`<dt>${label}</dt>
            <dd>${value}</dd>`,
      )}
    </dl>
  </section>`;
}

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

function page(options: { title: string; host: string; body: Markup; footer?: Markup }) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex,nofollow" />
        <title>${options.title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <main>
          <div class="card">
            ${options.body}
            <footer>
              ${options.footer ?? ""}
              <p class="phish">
                Check that the address bar shows <strong>${options.host}</strong> before you rely on this page.
              </p>
            </footer>
          </div>
        </main>
      </body>
    </html>`;
}

export const ISSUER_NOT_VERIFIED = "Issuer not verified by ValuSeal";

/**
 * One status, one badge: "Verified Authentic" only for a valid code whose issuer ValuSeal has
 * checked; a valid code of an unchecked firm is a record under an amber notice; an expired code is
 * amber whoever issued it; a revoked or superseded one red.
 */
function statusBlock(certificate: PublicCertificate) {
  switch (certificate.status) {
    case "sample":
      return html`<p class="badge note">Sample</p>`;
    case "revoked":
      return html`<p class="badge bad">&#10007; Revoked</p>`;
    case "superseded":
      return html`<p class="badge bad">&#10007; Superseded</p>`;
    case "expired":
      return html`<p class="badge warn">&#9888; Expired</p>`;
    case "valid": {
      if (!certificate.issuerVerified) return html`<p class="badge warn">&#9888; ${ISSUER_NOT_VERIFIED}</p>`;
      const since = certificate.issuerVerifiedAt ? ` on ${formatLongDate(certificate.issuerVerifiedAt)}` : "";
      return html`<p class="badge ok">&#10003; Verified Authentic</p>
        <p class="issuer">Issuer verified by ValuSeal${since}</p>`;
    }
  }
}

const revokedOn = (certificate: PublicCertificate) =>
  `Revoked${certificate.revokedAt ? ` on ${formatLongDate(certificate.revokedAt)}` : ""}`;

function banner(certificate: PublicCertificate) {
  switch (certificate.status) {
    case "sample":
      return html`<div class="banner note">
        <strong>Sample certificate — for demonstration only</strong>
        <p>
          This is how a scanned ValuSeal code looks. A real certificate shows the issuer's record with a green
          verification badge.
        </p>
      </div>`;
    case "valid":
      if (certificate.issuerVerified) return "";
      return html`<div class="banner warn">
        <strong>${ISSUER_NOT_VERIFIED}</strong>
        <p>
          This code is in ValuSeal's records, but ValuSeal has not checked the identity or professional registration of
          the company that issued it. Confirm the report with the valuation firm through a channel you already trust
          before relying on it.
        </p>
      </div>`;
    case "expired": {
      const expiredOn = formatLongDate(certificate.validUntil ?? certificate.valuationDate);
      return html`<div class="banner warn">
        <strong>Expired</strong>
        <p>${`This valuation expired on ${expiredOn}. Ask the valuer for an updated report.`}</p>
      </div>`;
    }
    case "revoked":
      return html`<div class="banner bad">
        <strong>${revokedOn(certificate)}</strong>
        <p>The issuer has withdrawn this valuation. Do not rely on it.</p>
        <p>Reason: ${certificate.revokedReason}</p>
      </div>`;
    case "superseded":
      return html`<div class="banner bad">
        <strong>Replaced by a newer valuation</strong>
        <p>${revokedOn(certificate)}. The issuer has withdrawn this valuation. Do not rely on it.</p>
        <p>Reason: ${certificate.revokedReason}</p>
        <p>Replaced by: <a href="${certificate.supersededBy}">${certificate.supersededBy}</a></p>
      </div>`;
  }
}

/** How the page was reached: a sealed report's page QR names its page; the seal says how many there are. */
export interface CertificateContext {
  page?: number | null;
  sealedPageCount?: number | null;
}

/** "Page 3 of 12 of the sealed report", only for a page the latest seal has. */
function sealedPageLine({ page, sealedPageCount }: CertificateContext) {
  if (!page || !sealedPageCount || page > sealedPageCount) return "";
  return html`<p class="sealed">Page ${page} of ${sealedPageCount} of the sealed report</p>`;
}

/** A sealed code's certificate offers the check of a copy (its own page with its own script). */
function checkLink(certificate: PublicCertificate, { sealedPageCount }: CertificateContext) {
  if (certificate.status === "sample" || !sealedPageCount) return "";
  return html`<p class="check">
    <a href="/v/${certificate.qrCodeId}/check">Check a copy of this report</a>: drop the PDF you were given to see
    whether it is the sealed report, page by page.
  </p>`;
}

export function renderCertificatePage(certificate: PublicCertificate, host: string, context: CertificateContext = {}) {
  const c = certificate;
  const scanCount = c.status === "sample" ? "Not counted (sample)" : String(c.verificationCount);
  return page({
    title: "Property Valuation Certificate",
    host,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>Property Valuation Certificate</h1>
        ${statusBlock(c)} ${sealedPageLine(context)}
      </header>
      ${banner(c)} ${checkLink(c, context)}
      ${details("Property Information", [
        ...identityRows(c, "certificate"),
        ["Type", c.propertyType],
        ["Title number", c.titleNumber],
        ["Building size", formatQuantity(c.propertySize, c.propertySizeUnit)],
        ["Land size", formatQuantity(c.landSize, c.landSizeUnit)],
      ])}
      ${details("Valuation Details", [
        ["Market value", formatMoney(c.marketValue, c.currency)],
        ["Forced sale value", c.forcedSaleValue === null ? null : formatMoney(c.forcedSaleValue, c.currency)],
        ["Valuation date", formatLongDate(c.valuationDate)],
        ["Inspection date", c.inspectionDate === null ? null : formatLongDate(c.inspectionDate)],
        ["Valid until", c.validUntil === null ? null : formatLongDate(c.validUntil)],
        ["Prepared for", c.addressee],
        ["Purpose", c.purpose],
      ])}
      ${details("Signing Valuer", [
        ["Name", c.signingValuer],
        ["Qualification", c.valuerQualification],
        ["Registration number", c.valuerRegistrationNumber],
        ["Phone", c.valuerPhone],
        ["Company", c.companyName],
        ["Company email", c.companyEmail],
      ])}`,
    footer: html`<dl>
      ${
        c.verificationCode
          ? html`<dt>Verification code</dt>
              <dd>${c.verificationCode}</dd>`
          : ""
      }
      <dt>QR Code ID</dt>
      <dd>${c.qrCodeId}</dd>
      <dt>Scan count</dt>
      <dd>${scanCount}</dd>
    </dl>`,
  });
}

/** Unknown or malformed codes: the same layout under the product's fixed error texts (docs/product.md). */
export function renderInvalidCodePage(host: string) {
  return page({
    title: "Invalid QR Code",
    host,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>Invalid QR Code</h1>
        <p class="badge bad">Invalid QR code data</p>
      </header>
      <p class="lead">
        This code is not in the issuer's records. The document it appears on may not be genuine: contact the valuation
        company through a channel you already trust.
      </p>`,
  });
}

/** A typed verification code that matches no report: say so, and offer to type it again. */
export function renderUnknownVerificationCodePage(host: string, typed: string) {
  return page({
    title: "Verification code not found",
    host,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>Verification code not found</h1>
        <p class="badge bad">No report has this verification code</p>
      </header>
      <p class="lead">
        No report in ValuSeal's records has the code <strong>${typed.slice(0, 40)}</strong>. Check it against the report
        (codes look like VS-7K3M-9Q2P-4H) and <a href="/verify">try again</a>. If it still does not match, the document
        may not be genuine: contact the valuation company through a channel you already trust.
      </p>`,
  });
}

/** Friendly pages for when verification cannot be answered right now (database down, rate limit). */
export function renderUnavailablePage(host: string, heading: string, message: string) {
  return page({
    title: heading,
    host,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>${heading}</h1>
      </header>
      <p class="lead">${message}</p>`,
  });
}
