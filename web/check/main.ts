import { tokenOfPath } from "#schema/public-token.ts";
import "../styles.css";
import type { ReportTone } from "#schema/limits/codes.ts";
import type { CopyCheck } from "#schema/responses/seals.ts";
import { api } from "../lib/api-client";
import type { CopyFingerprint } from "../lib/pdf/fingerprint";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { chooseLanguage, LANGUAGE_NAMES, LOCALES, type Language } from "#schema/language.ts";
import { formatDate, formatMoney } from "../lib/format";
import { PdfRefusedError } from "../lib/pdf/errors";
import { CHECK_TEXTS } from "#verifier/texts/copy-check-page.ts";
import { certificateLine, judgementHeading, judgementLines } from "#verifier/texts/copy-judgement.ts";
import { issuerClosedNotice } from "#verifier/texts/verdict.ts";

/**
 * The public check page, served for /v/<token>/check (a copy of that code's report) and /verify
 * (any sealed report: the code comes from the PDF's own metadata). A separate entry from the SPA:
 * plain DOM, so a lender's first visit downloads no React, and pdf.js only once a file is chosen.
 * The file is read in the browser; only its fingerprints are sent. It speaks English or Swahili:
 * `?lang=` when the reader chose, else the browser's languages (as the certificate does).
 */

const params = new URLSearchParams(window.location.search);
const requested = params.get("lang");
const language: Language = chooseLanguage(requested, navigator.languages ?? [navigator.language]);
const locale = LOCALES[language];
const t = CHECK_TEXTS[language];
/** Links to the other verification pages carry an explicit choice; otherwise they read the browser's too. */
const carry = requested === language ? `?lang=${language}` : "";

type Mode = { kind: "code"; token: string } | { kind: "any" };

function modeOf(pathname: string): Mode {
  const token = tokenOfPath(pathname, "check");
  return token ? { kind: "code", token } : { kind: "any" };
}

type Child = Node | string | null | undefined | false;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

const TONES = {
  good: "border-emerald-600 bg-emerald-50 text-emerald-900",
  warn: "border-amber-600 bg-amber-50 text-amber-950",
  bad: "border-red-600 bg-red-50 text-red-900",
  neutral: "border-slate-300 bg-white text-slate-800",
} as const;

interface Panel {
  tone: keyof typeof TONES;
  /** The judge's colour (verifier/judge.ts), for a copy that was judged. */
  reportTone?: ReportTone;
  heading: string;
  lines: Child[];
  verdict?: string;
}

/**
 * Whose code the copy was checked against, as its certificate shows it: a verdict is only as good as
 * the code, so the reader sees the issuer and the property, and that the pages' QR codes must lead
 * to this same code (a forged report could name one code in its metadata and print another's).
 */
function checkedCodeLine({ code }: CopyCheck): Child {
  const issuer = code.issuerVerified ? t.issuerVerified : t.issuerNotVerified;
  return h(
    "span",
    { "data-checked-code": "" },
    t.checkedAgainst(code.issuerName, issuer, code.property, formatMoney(code.marketValue, code.currency, locale)),
    h("a", { href: new URL(code.address).pathname, class: "font-medium underline break-all" }, code.address),
    ".",
  );
}

/** The check's colour, by the one rule every verifier uses (verifier/judge.ts), as the Worker answered it. */
const PANEL_TONES = { valid: "good", warning: "warn", invalid: "bad" } as const;

function verdictPanel(result: CopyCheck, copyPages: number): Panel {
  const judgement = { ...result, matchedPageCount: result.pageCount };
  const lines: Child[] = judgementLines(language, judgement, copyPages);
  // The certificate's own verdict, by the certificate's rule, so the reader sees why a copy matching
  // a withdrawn or expired code, or one from an issuer ValuSeal does not vouch for, is not green.
  const certificate = certificateVerdict(
    result.codeStatus,
    result.code.issuerTrust,
    result.code.valuerRegisterCheck?.result ?? null,
  );
  lines.push(h("strong", { "data-certificate-verdict": certificate.tone }, certificateLine(language, certificate)));
  // A closure does not change the verdict; it tells the reader nobody at the firm can withdraw or
  // replace the report any more, as the certificate says.
  if (result.code.issuerClosedAt) {
    lines.push(
      h(
        "span",
        { "data-issuer-closed": "" },
        issuerClosedNotice(language, formatDate(result.code.issuerClosedAt, "long", locale)),
      ),
    );
  }
  lines.push(checkedCodeLine(result));
  return {
    tone: PANEL_TONES[result.tone],
    heading: judgementHeading(
      language,
      judgement,
      result.sealedAt && formatDate(result.sealedAt, "long", locale),
      copyPages,
    ),
    lines,
    verdict: result.verdict,
    reportTone: result.tone,
  };
}

class CheckFailed extends Error {}

async function postCheck(token: string, fingerprint: CopyFingerprint): Promise<CopyCheck> {
  let answer: Awaited<ReturnType<typeof sendCheck>>;
  try {
    answer = await sendCheck(token, fingerprint);
  } catch {
    throw new CheckFailed(t.offline);
  }
  const { data, error, response } = answer;
  if (response.status === 429) throw new CheckFailed(t.tooMany);
  if (!response.ok || !data) {
    // The API's own messages are English: a Swahili reader gets the general one.
    const message = language === "en" ? (error as { message?: string } | undefined)?.message : undefined;
    throw new CheckFailed(message ?? t.failed(response.status));
  }
  return data;
}

const sendCheck = (token: string, { sha256, pageFingerprints }: CopyFingerprint) =>
  api.POST("/public/certificates/{token}/check", {
    params: { path: { token } },
    body: { sha256, pageFingerprints },
  });

/**
 * A foreign address from a PDF's metadata, as little of it as names it: only its host, without
 * control or direction-changing characters, and short, so a crafted file cannot write its own
 * message on this page.
 */
function describeForeignAddress(address: string): string {
  try {
    const host = new URL(address).host.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, 80);
    return host ? t.addressOn(host) : t.addressNotHere;
  } catch {
    return t.addressNotHere;
  }
}

/** The code a /verify upload names in its metadata, when that code lives on this site. */
function tokenFromAddress(address: string): string | null {
  try {
    const url = new URL(address);
    const token = tokenOfPath(url.pathname);
    return url.origin === window.location.origin ? token : null;
  } catch {
    return null;
  }
}

/**
 * check.html's static part in the reader's language: its [data-t] texts, the switch to the other
 * language (the same address, every other parameter kept), and the code form, which keeps an
 * explicit choice so the certificate it leads to speaks the same language. The Worker leaves the
 * form out of /v/<token>/check; this removes it too, whoever serves the file.
 */
function localiseStatic(mode: Mode) {
  document.documentElement.lang = language;
  const texts: Record<string, string> = t.static;
  for (const element of document.querySelectorAll<HTMLElement>("[data-t]")) {
    const text = texts[element.dataset.t ?? ""];
    if (text) element.textContent = text;
  }
  for (const element of document.querySelectorAll<HTMLElement>("[data-t-aria-label]")) {
    const text = texts[element.dataset.tAriaLabel ?? ""];
    if (text) element.setAttribute("aria-label", text);
  }
  const other: Language = language === "sw" ? "en" : "sw";
  const target = new URLSearchParams(params);
  target.set("lang", other);
  const link = document.getElementById("language-switch");
  if (link) {
    link.textContent = LANGUAGE_NAMES[other];
    link.setAttribute("href", `${window.location.pathname}?${target}`);
    link.setAttribute("hreflang", other);
    link.setAttribute("lang", other);
  }
  const codeForm = document.getElementById("verify-by-code");
  if (mode.kind === "code") codeForm?.remove();
  else if (carry)
    codeForm?.querySelector("form")?.append(h("input", { type: "hidden", name: "lang", value: language }));
}

function start(root: HTMLElement) {
  const mode = modeOf(window.location.pathname);
  localiseStatic(mode);
  const title = mode.kind === "code" ? t.titleCode : t.titleAny;
  // On /verify the static heading names the page; the copy check is its second part.
  document.title = `${mode.kind === "code" ? title : t.static.verifyTitle} · ValuSeal`;

  const input = h("input", {
    type: "file",
    id: "report-file",
    accept: "application/pdf",
    class: "sr-only",
    "aria-describedby": "report-file-hint",
  });
  const dropZone = h(
    "label",
    {
      for: "report-file",
      class:
        "flex cursor-pointer flex-col items-center gap-3 rounded-card border-2 border-dashed border-line-strong bg-surface px-4 py-8 text-center transition-colors hover:border-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 data-[dragging]:border-brand-600 data-[dragging]:bg-brand-50",
    },
    h("span", { class: "rounded-control bg-brand-700 px-4 py-2 font-medium text-white" }, t.choosePdf),
    h("span", { id: "report-file-hint", class: "text-sm text-slate-600" }, t.dropHint),
    input,
  );
  const status = h("p", { class: "min-h-6 text-sm text-slate-700", "aria-live": "polite", id: "check-progress" });
  const result = h("div", { "aria-live": "polite", id: "check-result", class: "space-y-4" });
  const certificateLink =
    mode.kind === "code"
      ? h(
          "p",
          { class: "text-sm" },
          h("a", { href: `/v/${mode.token}${carry}`, class: "font-medium text-brand-700 underline" }, t.back),
        )
      : null;

  root.replaceChildren(
    ...(mode.kind === "code"
      ? [
          h("p", { class: "text-xs font-semibold uppercase tracking-widest text-slate-500" }, "ValuSeal"),
          h("h1", { class: "mt-1 text-page-title font-semibold text-slate-900" }, title),
        ]
      : // Under the page's heading (check.html): the second way to verify.
        [h("h2", { class: "text-section-title font-semibold text-slate-900" }, title)]),
    h("p", { class: "mt-2 text-slate-700" }, mode.kind === "code" ? t.introCode : t.introAny),
    h("div", { class: "mt-6 space-y-4" }, dropZone, status, result, certificateLink),
  );

  const showPanel = (panel: Panel) => {
    const section = h(
      "section",
      {
        class: `rounded-card border-2 p-4 ${TONES[panel.tone]}`,
        "data-verdict": panel.verdict,
        "data-tone": panel.reportTone,
      },
      h("h2", { class: "text-section-title font-semibold" }, panel.heading),
      ...panel.lines.map((line) => h("p", { class: "mt-2" }, line)),
    );
    result.replaceChildren(section);
  };

  let busy = false;
  const check = async (file: File) => {
    if (busy) return;
    busy = true;
    input.disabled = true;
    result.replaceChildren();
    status.textContent = t.reading(file.name);
    try {
      const { fingerprintReport } = await import("../lib/pdf/fingerprint");
      const fingerprint = await fingerprintReport(await file.arrayBuffer(), (done, total) => {
        status.textContent = t.readingPage(Math.min(done + 1, total), total);
      });
      let token: string;
      if (mode.kind === "code") {
        token = mode.token;
      } else if (!fingerprint.verificationAddress) {
        status.textContent = "";
        showPanel({
          tone: "neutral",
          heading: t.noAddress,
          lines: [],
          verdict: "no-address",
        });
        return;
      } else {
        const found = tokenFromAddress(fingerprint.verificationAddress);
        if (!found) {
          status.textContent = "";
          showPanel({
            tone: "bad",
            heading: t.foreignTitle,
            lines: [t.foreignText(describeForeignAddress(fingerprint.verificationAddress))],
            verdict: "foreign-address",
          });
          return;
        }
        token = found;
      }
      status.textContent = t.comparing;
      const answer = await postCheck(token, fingerprint);
      const panel = verdictPanel(answer, fingerprint.pageFingerprints.length);
      status.textContent = "";
      showPanel(panel);
    } catch (error) {
      status.textContent = "";
      // A refusal's own message is English (web/lib/pdf): a Swahili reader gets the general one.
      const message =
        error instanceof CheckFailed
          ? error.message
          : error instanceof PdfRefusedError
            ? language === "en"
              ? error.message
              : t.refused
            : t.unreadable;
      result.replaceChildren(
        h("p", { role: "alert", class: "rounded-card border-2 border-red-600 bg-red-50 p-4 text-red-900" }, message),
      );
    } finally {
      busy = false;
      input.disabled = false;
      input.value = "";
    }
  };

  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void check(file);
  });
  dropZone.addEventListener("dragover", (event) => {
    event.preventDefault();
    dropZone.setAttribute("data-dragging", "");
  });
  dropZone.addEventListener("dragleave", () => dropZone.removeAttribute("data-dragging"));
  dropZone.addEventListener("drop", (event) => {
    event.preventDefault();
    dropZone.removeAttribute("data-dragging");
    const file = event.dataTransfer?.files[0];
    if (file) void check(file);
  });
}

start(document.getElementById("check")!);
