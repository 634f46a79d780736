import { formatMoney } from "#schema/money.ts";
import { documentHeaders } from "./document-headers";
import { createHash } from "node:crypto";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { type CertificateHeadline, codeVerdict } from "#schema/certificate-verdict.ts";
import { issuerClosedNotice, issuerStanding, verdictHeadline, verdictMeaning } from "#verifier/texts/verdict.ts";
import { certificateSections, type CertificateRows } from "#verifier/certificate-sections.ts";
import { acceptedTags, chooseLanguage, LANGUAGE_NAMES, LOCALES, type Language } from "#schema/language.ts";
import type { PublicCertificate } from "#schema/validation/certificate.ts";
import { CERTIFICATE_TEXTS, type CertificateTexts } from "#verifier/texts/certificate-page.ts";

/**
 * The certificate a phone sees when it scans a code: one self-contained HTML document, rendered by
 * the Worker, with no script, no external request and inline CSS only (readable at 360 px), in
 * English or Swahili (verifier/texts/certificate-page.ts). Every value is escaped by hono/html; only
 * the constant stylesheet is inserted raw.
 */
const CSS = `*{box-sizing:border-box}body{margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:640px;margin:0 auto;padding:16px}.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;overflow:hidden}
header{padding:14px 16px;text-align:center;border-bottom:1px solid #e2e8f0}.brand{margin:0;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#475569}
h1{margin:2px 0 10px;font-size:20px;line-height:1.25}.badge{display:inline-block;margin:0;padding:6px 14px;border-radius:999px;font-weight:700}
.ok{background:#dcfce7;color:#166534}.bad{background:#fee2e2;color:#991b1b}.note{background:#e0f2fe;color:#075985}.warn{background:#fef3c7;color:#92400e}
.banner{margin:16px;padding:12px 14px;border-radius:8px;border:2px solid}.banner.bad{border-color:#dc2626}.banner.note{border-color:#0284c7}.banner.warn{border-color:#d97706}
.meaning{margin:10px 0 0;font-weight:600}.closed{margin:6px 0 0;font-size:14px;font-weight:500;color:#334155}.meaning.ok,.meaning.bad,.meaning.warn,.meaning.note{background:none}
.banner strong{display:block;font-size:18px}.banner p{margin:4px 0 0}a{color:inherit;overflow-wrap:anywhere}
section{padding:12px 16px;border-bottom:1px solid #e2e8f0}h2{margin:0 0 8px;font-size:15px;color:#334155}
dl{margin:0;display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:6px 12px}dt{color:#64748b}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
footer{padding:12px 16px;background:#f8fafc;font-size:14px}footer dl{margin-bottom:10px}.phish{margin:0;color:#475569}
.lead{padding:16px;margin:0}.danger{color:#b91c1c;font-size:1.1em}.sealed{margin:8px 0 0;font-weight:600;color:#334155}
.summary{font-size:15px}.summary dl{grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:4px 12px}.standing{display:block;font-size:13px;font-weight:400;color:#92400e}.standing.vouched{color:#166534}
.button{display:block;margin:14px 0 0;padding:13px 16px;border-radius:10px;background:#1e3a8a;color:#fff;text-align:center;font-size:17px;font-weight:700;text-decoration:none}.button.quiet{background:#fff;color:#1e3a8a;border:2px solid #1e3a8a}
.hint,.unsealed{margin:6px 0 0;font-size:14px;color:#475569}.unsealed{margin-top:12px}
.lang{margin:0 0 8px;text-align:right;font-size:15px}.lang a{display:inline-block;padding:8px 4px;font-weight:600;color:#1e3a8a}@media (max-width:400px){main{padding:8px 12px 16px}dl{grid-template-columns:1fr}dd{margin-bottom:6px}.summary dl{grid-template-columns:minmax(0,2fr) minmax(0,3fr)}.summary dd{margin-bottom:0}}`;

/** Built as one string so formatting can never put whitespace inside it: the CSP hash covers it exactly. */
const STYLE_ELEMENT = raw(`<style>${CSS}</style>`);

let styleHash: string | undefined;

/** CSP allowing exactly this stylesheet and nothing else: no script, no frames, no forms. */
export function certificatePageHeaders(): Record<string, string> {
  styleHash ??= createHash("sha256").update(CSS).digest("base64");
  return {
    ...documentHeaders(
      `default-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    ),
    "Cache-Control": "no-store",
    // The language follows Accept-Language unless ?lang= names one.
    Vary: "Accept-Language",
    // A certificate is for whoever holds the report, not for search engines.
    "X-Robots-Tag": "noindex, nofollow",
  };
}

/**
 * Who reads the page and how it reaches them: the host the anti-phishing line names, the page's
 * language, the same address in the other language (the switch), and what links to the other
 * verification pages carry: the reader's explicit `?lang=` choice, and nothing when the language
 * came from their browser (the next page reads the same preference).
 */
export interface Reader {
  host: string;
  language: Language;
  switchHref: string;
  carry: string;
}

export function readerOf(url: string, acceptLanguage: string | undefined, host: string): Reader {
  const address = new URL(url);
  const requested = address.searchParams.get("lang");
  const language = chooseLanguage(requested, acceptedTags(acceptLanguage));
  const other: Language = language === "sw" ? "en" : "sw";
  // Every other parameter stays (the code typed on /verify): switching language is the same page.
  address.searchParams.set("lang", other);
  const carry = requested === language ? `?lang=${language}` : "";
  return { host, language, switchHref: `${address.pathname}${address.search}`, carry };
}

interface Formats {
  language: Language;
  date: (iso: string) => string;
  money: (value: string, currency: string) => string;
  quantity: (value: string | null, unit: string | null) => string | null;
  count: (value: number) => string;
}

const formatsByLanguage = new Map<Language, Formats>();

/**
 * Dates and numbers as the language writes them ("15 January 2025", "15 Aprili 2025"). Amounts
 * are decimal strings formatted as strings, never through floating point; the currency keeps the
 * product's own symbol (KSh, $) in every language.
 */
function formatsOf(language: Language): Formats {
  let formats = formatsByLanguage.get(language);
  if (formats) return formats;
  const locale = LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  formats = {
    language,
    date: (iso) => date.format(new Date(iso)),
    money: (value, currency) => formatMoney(value, currency, locale),
    quantity: (value, unit) =>
      value === null ? null : `${plain.format(value as `${number}`)}${unit ? ` ${unit}` : ""}`,
    count: (value) => plain.format(value),
  };
  formatsByLanguage.set(language, formats);
  return formats;
}

/** Fields the valuation does not have (a vehicle has no land size) are left out, not shown empty. */
function details(title: string, rows: CertificateRows) {
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

/** The other language, named in itself, at the top of every page: a plain link, no script, no form. */
function languageSwitch(reader: Reader, t: CertificateTexts) {
  const other: Language = reader.language === "sw" ? "en" : "sw";
  return html`<nav class="lang" aria-label="${t.languageSwitch}">
    <a href="${reader.switchHref}" hreflang="${other}" lang="${other}">${LANGUAGE_NAMES[other]}</a>
  </nav>`;
}

function page(reader: Reader, options: { title: string; body: Markup; footer?: Markup }) {
  const t = CERTIFICATE_TEXTS[reader.language];
  return html`<!doctype html>
    <html lang="${reader.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex,nofollow" />
        <title>${options.title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <main>
          ${languageSwitch(reader, t)}
          <div class="card">
            ${options.body}
            <footer>
              ${options.footer ?? ""}
              <p class="phish">${t.phishing.before}<strong>${reader.host}</strong>${t.phishing.after}</p>
            </footer>
          </div>
        </main>
      </body>
    </html>`;
}

/** The badge's words, the same on every surface (schema/certificate-verdict.ts). */
const headlineText = (c: PublicCertificate, headline: CertificateHeadline, f: Formats) =>
  verdictHeadline(f.language, headline, c.issuerSuspendedAt ? f.date(c.issuerSuspendedAt) : null);

const BADGE_CLASS = { valid: "ok", warning: "warn", invalid: "bad", sample: "note" } as const;
const BADGE_MARK = { valid: "&#10003; ", warning: "&#9888; ", invalid: "&#10007; ", sample: "" } as const;

/**
 * One status, one badge, by the shared verdict: "Verified Authentic" only for a valid code whose
 * issuer identity ValuSeal verified; amber for an expired code or an issuer ValuSeal does not vouch
 * for (with the reason); red for a revoked or superseded one. Under it, one line saying what that
 * proves and what to do.
 */
function statusBlock(certificate: PublicCertificate, f: Formats) {
  const { tone, headline } = codeVerdict(certificate);
  const text = headlineText(certificate, headline, f);
  return html`<p class="badge ${BADGE_CLASS[tone]}">${raw(BADGE_MARK[tone])}${text}</p>
    <p class="meaning ${BADGE_CLASS[tone]}">${verdictMeaning(f.language, headline)}</p>
    ${
      certificate.issuerClosedAt
        ? html`<p class="closed">${issuerClosedNotice(f.language, f.date(certificate.issuerClosedAt))}</p>`
        : ""
    }`;
}

/** The issuer's name and whether ValuSeal vouches for it, with the date that makes it so. */
function issuerFact(c: PublicCertificate, f: Formats) {
  const on = c.issuerTrust === "suspended" ? c.issuerSuspendedAt : c.issuerVerifiedAt;
  return html`${c.companyName}
    <span class="standing${c.issuerTrust === "verified" ? " vouched" : ""}"
      >${issuerStanding(f.language, c.issuerTrust, on ? f.date(on) : null)}</span
    >`;
}

/**
 * What a bank officer needs on a phone's first screen, before any detail: who issued it and
 * whether ValuSeal vouches for them, the value, its dates and the signing valuer, then the check
 * of the PDF in hand (a sealed code) or what to compare instead (a code whose PDF was not sealed).
 */
function summary(c: PublicCertificate, context: CertificateContext, reader: Reader, t: CertificateTexts, f: Formats) {
  if (c.status === "sample") return "";
  const rows: [string, Markup | string | null][] = [
    [t.issuer, issuerFact(c, f)],
    [t.marketValue, f.money(c.marketValue, c.currency)],
    [t.valuationDate, f.date(c.valuationDate)],
    [t.valuer, c.signingValuer],
    [t.validUntil, c.validUntil === null ? null : f.date(c.validUntil)],
  ];
  // A withdrawn code's copy can still be checked (a court may need to know which report it was), but
  // that is no longer the reader's next step, so the button steps back.
  const { tone } = codeVerdict(c);
  const check = context.sealedPageCount
    ? html`<a class="button${tone === "invalid" ? " quiet" : ""}" href="/v/${c.qrCodeId}/check${reader.carry}"
          >${t.checkPdfButton}</a
        >
        <p class="hint">${t.checkPdfHint}</p>`
    : html`<p class="unsealed">${t.notSealed}</p>`;
  return html`<section class="summary" aria-label="${t.summary}">
    <dl>
      ${rows
        .filter(([, value]) => value !== null)
        .map(
          ([label, value]) =>
            html`<dt>${label}</dt>
              <dd>${value}</dd>`,
        )}
    </dl>
    ${check}
  </section>`;
}

const revokedOn = (certificate: PublicCertificate, t: CertificateTexts, f: Formats) =>
  t.revokedOn(certificate.revokedAt ? f.date(certificate.revokedAt) : null);

/** A withdrawal that was undone stays on the record. */
function reinstatementNote(certificate: PublicCertificate, t: CertificateTexts, f: Formats) {
  const { reinstatement } = certificate;
  if (!reinstatement) return "";
  return html`<div class="banner note">
    <strong>${t.reinstated(f.date(reinstatement.revokedAt), f.date(reinstatement.reinstatedAt))}</strong>
    ${reinstatement.reason ? html`<p>${t.reason}: ${reinstatement.reason}</p>` : ""}
  </div>`;
}

function banner(certificate: PublicCertificate, t: CertificateTexts, f: Formats) {
  const { headline } = codeVerdict(certificate);
  if (headline in t.trustBanners) {
    const text = t.trustBanners[headline as keyof CertificateTexts["trustBanners"]];
    return html`<div class="banner warn">
      <strong>${headlineText(certificate, headline, f)}</strong>
      <p>${text}</p>
    </div>`;
  }
  switch (certificate.status) {
    case "sample":
      return html`<div class="banner note">
        <strong>${t.sampleBannerTitle}</strong>
        <p>${t.sampleBannerText}</p>
      </div>`;
    case "valid":
      return "";
    case "expired":
      return html`<div class="banner warn">
        <strong>${headlineText(certificate, "expired", f)}</strong>
        <p>${t.expiredBannerText(f.date(certificate.validUntil ?? certificate.valuationDate))}</p>
      </div>`;
    case "revoked":
      return html`<div class="banner bad">
        <strong>${revokedOn(certificate, t, f)}</strong>
        <p>${t.withdrawn}</p>
        <p>${t.reason}: ${certificate.revokedReason}</p>
      </div>`;
    case "superseded":
      return html`<div class="banner bad">
        <strong>${t.replacedTitle}</strong>
        <p>${revokedOn(certificate, t, f)}. ${t.withdrawn}</p>
        <p>${t.reason}: ${certificate.revokedReason}</p>
        <p><a href="${certificate.supersededBy}">${t.openReplacement}</a></p>
      </div>`;
  }
}

/**
 * A withdrawn code's notice (the date, the reason, the replacement) comes before its summary: its
 * value and dates must never be read before "do not rely on it". Otherwise the summary leads.
 */
function withdrawnFirst(c: PublicCertificate, summaryBlock: Markup | string, notice: Markup | string) {
  const { tone } = codeVerdict(c);
  return tone === "invalid" ? html`${notice} ${summaryBlock}` : html`${summaryBlock} ${notice}`;
}

/** How the page was reached: a sealed report's page QR names its page; the seal says how many there are. */
interface CertificateContext {
  page?: number | null;
  sealedPageCount?: number | null;
}

/** "Page 3 of 12 of the sealed report", only for a page the latest seal has. */
function sealedPageLine({ page, sealedPageCount }: CertificateContext, t: CertificateTexts, f: Formats) {
  if (!page || !sealedPageCount || page > sealedPageCount) return "";
  return html`<p class="sealed">${t.sealedPage(f.count(page), f.count(sealedPageCount))}</p>`;
}

/** Every real code's certificate offers its signed record, the evidence that outlives this page. */
function signedRecordLink(certificate: PublicCertificate, t: CertificateTexts) {
  if (certificate.status === "sample") return "";
  return html`<p class="record">
      <a href="/api/public/certificates/${certificate.qrCodeId}/record" download>${t.signedRecordLink}</a
      >${t.signedRecordRest}
    </p>
    <p class="record"><a href="/verifier?download">${t.offlineVerifierLink}</a>${t.offlineVerifierRest}</p>`;
}

export function renderCertificatePage(
  certificate: PublicCertificate,
  reader: Reader,
  context: CertificateContext = {},
) {
  const c = certificate;
  const t = CERTIFICATE_TEXTS[reader.language];
  const f = formatsOf(reader.language);
  const scanCount = c.status === "sample" ? t.notCounted : f.count(c.verificationCount);
  return page(reader, {
    title: t.certificateTitle,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>${t.certificateTitle}</h1>
        ${statusBlock(c, f)} ${sealedPageLine(context, t, f)}
      </header>
      ${withdrawnFirst(c, summary(c, context, reader, t, f), banner(c, t, f))} ${reinstatementNote(c, t, f)}
      ${certificateSections(c, t, f).map(({ title, rows }) => details(title, rows))}`,
    footer: html`<dl>
        ${
          c.verificationCode
            ? html`<dt>${t.verificationCode}</dt>
                <dd>${c.verificationCode}</dd>`
            : ""
        }
        <dt>${t.qrCodeId}</dt>
        <dd>${c.qrCodeId}</dd>
        <dt>${t.scanCount}</dt>
        <dd>${scanCount}</dd>
      </dl>
      ${signedRecordLink(c, t)} ${recordRelianceLink(c, t, reader.language)}`,
  });
}

/**
 * A bank officer goes from the certificate to recording the loan that relies on it (signed in, as a
 * lender), in the language the certificate was read in: the lender screens speak it too.
 */
function recordRelianceLink(certificate: PublicCertificate, t: CertificateTexts, language: Language) {
  if (certificate.status === "sample") return "";
  const href = `/reliance/new?code=${certificate.qrCodeId}${language === "en" ? "" : `&lang=${language}`}`;
  return html`<p class="record"><a href="${href}">${t.recordReliance}</a></p>`;
}

/** Unknown or malformed codes: the same layout under the product's fixed error texts (docs/product.md). */
export function renderInvalidCodePage(reader: Reader) {
  const t = CERTIFICATE_TEXTS[reader.language];
  return page(reader, {
    title: t.invalidTitle,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>${t.invalidTitle}</h1>
        <p class="badge bad">${t.invalidBadge}</p>
      </header>
      <p class="lead danger"><strong>${t.notValuSealCode}</strong></p>
      <p class="lead">${t.invalidText}</p>`,
  });
}

/** A typed verification code that matches no report: say so, and offer to type it again. */
export function renderUnknownVerificationCodePage(reader: Reader, typed: string) {
  const t = CERTIFICATE_TEXTS[reader.language];
  const unknown = t.unknownCodeText;
  const retry = html`<a href="/verify${reader.carry}">${unknown.link}</a>`;
  const unknownCode = html`${unknown.before}<strong>${typed.slice(0, 40)}</strong>${unknown.after}${retry}${unknown.afterLink}`;
  return page(reader, {
    title: t.unknownCodeTitle,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>${t.unknownCodeTitle}</h1>
        <p class="badge bad">${t.unknownCodeBadge}</p>
      </header>
      <p class="lead">${unknownCode}</p>`,
  });
}

/** Friendly pages for when verification cannot be answered right now (database down, rate limit). */
export function renderUnavailablePage(reader: Reader, reason: "rate-limited" | "unavailable") {
  const t = CERTIFICATE_TEXTS[reader.language];
  const [heading, message] =
    reason === "rate-limited" ? [t.tooManyRequests, t.tooManyRequestsText] : [t.unavailableTitle, t.unavailableText];
  return page(reader, {
    title: heading,
    body: html`<header>
        <p class="brand">ValuSeal</p>
        <h1>${heading}</h1>
      </header>
      <p class="lead">${message}</p>`,
  });
}
