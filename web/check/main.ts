import "../styles.css";
import type { CopyCheck } from "../../schema/responses/seals";
import type { CopyFingerprint } from "../lib/pdf/fingerprint";
import { formatDate, formatMoney } from "../lib/format";
import { PdfRefusedError } from "../lib/pdf/errors";

/**
 * The public check page, served for /v/<token>/check (a copy of that code's report) and /verify
 * (any sealed report: the code comes from the PDF's own metadata). A separate entry from the SPA:
 * plain DOM, so a lender's first visit downloads no React, and pdf.js only once a file is chosen.
 * The file is read in the browser; only its fingerprints are sent.
 */

type Mode = { kind: "code"; token: string } | { kind: "any" };

function modeOf(pathname: string): Mode {
  const match = /^\/v\/([A-Za-z0-9]{16})\/check\/?$/.exec(pathname);
  return match ? { kind: "code", token: match[1]! } : { kind: "any" };
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

/** "page 3", "pages 2 and 7", "pages 2, 5 and 7". */
function joinPages(pages: readonly number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return `pages ${pages.slice(0, -1).join(", ")} and ${pages[pages.length - 1]}`;
}

const TONES = {
  good: "border-emerald-600 bg-emerald-50 text-emerald-900",
  warn: "border-amber-600 bg-amber-50 text-amber-950",
  bad: "border-red-600 bg-red-50 text-red-900",
  neutral: "border-slate-300 bg-white text-slate-800",
} as const;

interface Panel {
  tone: keyof typeof TONES;
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
  const issuer = code.issuerVerified ? "verified by ValuSeal" : "not verified by ValuSeal";
  return h(
    "span",
    { "data-checked-code": "" },
    `Checked against the code issued by ${code.issuerName} (${issuer}) for ${code.property}, market value ${formatMoney(code.marketValue, code.currency)}. The QR codes on the report's pages must open this same code: `,
    h("a", { href: new URL(code.address).pathname, class: "font-medium underline break-all" }, code.address),
    ".",
  );
}

function verdictPanel(result: CopyCheck, copyPages: number): Panel {
  const lines: Child[] = [];
  let panel: Panel;
  switch (result.verdict) {
    case "exact":
      panel = {
        tone: "good",
        heading: `This is the exact sealed report, sealed on ${formatDate(result.sealedAt)}`,
        lines,
      };
      break;
    case "same-text":
      // Amber, not green: only the text was compared, so a picture laid over the original text would pass.
      panel = { tone: "warn", heading: "Every page's text matches the sealed report", lines };
      lines.push(
        "The file itself is not the sealed file byte for byte: it was re-saved or printed to PDF, so its bytes differ.",
        "Only the text of each page was compared, not pictures, drawings or layout: compare the figures with the certificate.",
      );
      break;
    case "pages-differ": {
      const pages = result.differingPages ?? [];
      panel = {
        tone: "bad",
        heading: pages.length
          ? `The text of ${joinPages(pages)} differs from the sealed report`
          : "Some pages differ from the sealed report",
        lines,
      };
      break;
    }
    default:
      panel = { tone: "bad", heading: "This file is not the sealed report of this code", lines };
  }
  panel.verdict = result.verdict;
  if (result.pageCount !== null && result.pageCount !== copyPages && result.verdict !== "not-sealed-file") {
    lines.push(`The sealed report has ${result.pageCount} pages; this copy has ${copyPages}.`);
  }
  if (result.latestVersion === null) {
    lines.push("No report has been sealed with this code yet.");
  } else if (result.matchedVersion !== null && result.matchedVersion < result.latestVersion) {
    lines.push(`A newer sealed version (version ${result.latestVersion}) exists.`);
    if (panel.tone === "good") panel.tone = "warn";
  }
  if (result.codeStatus === "revoked") {
    lines.push(h("strong", { class: "text-red-700", "data-revoked": "" }, "This code has been revoked by its issuer."));
    panel.tone = "bad";
  }
  lines.push(checkedCodeLine(result));
  return panel;
}

class CheckFailed extends Error {}

async function postCheck(token: string, fingerprint: CopyFingerprint): Promise<CopyCheck> {
  let response: Response;
  try {
    response = await fetch(`/api/public/certificates/${token}/check`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sha256: fingerprint.sha256, pageFingerprints: fingerprint.pageFingerprints }),
    });
  } catch {
    throw new CheckFailed("Could not reach ValuSeal. Check your connection and try again.");
  }
  if (response.status === 429) throw new CheckFailed("Too many requests, please wait a minute and try again.");
  const body = (await response.json().catch(() => null)) as (CopyCheck & { message?: string }) | null;
  if (!response.ok || !body) {
    throw new CheckFailed(body?.message ?? `The check could not be completed (error ${response.status}). Try again.`);
  }
  return body;
}

/**
 * A foreign address from a PDF's metadata, as little of it as names it: only its host, without
 * control or direction-changing characters, and short, so a crafted file cannot write its own
 * message on this page.
 */
function describeForeignAddress(address: string): string {
  try {
    const host = new URL(address).host.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, 80);
    return host ? `an address on ${host}` : "an address that is not on this site";
  } catch {
    return "an address that is not on this site";
  }
}

/** The code a /verify upload names in its metadata, when that code lives on this site. */
function tokenFromAddress(address: string): string | null {
  try {
    const url = new URL(address);
    const match = /^\/v\/([A-Za-z0-9]{16})$/.exec(url.pathname);
    return url.origin === window.location.origin && match ? match[1]! : null;
  } catch {
    return null;
  }
}

function start(root: HTMLElement) {
  const mode = modeOf(window.location.pathname);
  const title = mode.kind === "code" ? "Check a copy of this report" : "Check a sealed report";
  document.title = `${title} · ValuSeal`;

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
    h("span", { class: "rounded-control bg-brand-700 px-4 py-2 font-medium text-white" }, "Choose the report PDF"),
    h(
      "span",
      { id: "report-file-hint", class: "text-sm text-slate-600" },
      "or drop it here. It is read on this device and never uploaded.",
    ),
    input,
  );
  const status = h("p", { class: "min-h-6 text-sm text-slate-700", "aria-live": "polite", id: "check-progress" });
  const result = h("div", { "aria-live": "polite", id: "check-result", class: "space-y-4" });
  const certificateLink =
    mode.kind === "code"
      ? h(
          "p",
          { class: "text-sm" },
          h(
            "a",
            { href: `/v/${mode.token}`, class: "font-medium text-brand-700 underline" },
            "Back to the certificate",
          ),
        )
      : null;

  root.replaceChildren(
    h("p", { class: "text-xs font-semibold uppercase tracking-widest text-slate-500" }, "ValuSeal"),
    h("h1", { class: "mt-1 text-page-title font-semibold text-slate-900" }, title),
    h(
      "p",
      { class: "mt-2 text-slate-700" },
      mode.kind === "code"
        ? "Choose the PDF you were given. Your browser compares every page with the report the issuing firm sealed with this code."
        : "Choose a PDF sealed with ValuSeal. Your browser reads which code sealed it and compares every page with the sealed report.",
    ),
    h("div", { class: "mt-6 space-y-4" }, dropZone, status, result, certificateLink),
  );

  const showPanel = (panel: Panel) => {
    const section = h(
      "section",
      { class: `rounded-card border-2 p-4 ${TONES[panel.tone]}`, "data-verdict": panel.verdict },
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
    status.textContent = `Reading ${file.name}…`;
    try {
      const { fingerprintReport } = await import("../lib/pdf/fingerprint");
      const fingerprint = await fingerprintReport(await file.arrayBuffer(), (done, total) => {
        status.textContent = `Reading page ${Math.min(done + 1, total)} of ${total}`;
      });
      let token: string;
      if (mode.kind === "code") {
        token = mode.token;
      } else if (!fingerprint.verificationAddress) {
        status.textContent = "";
        showPanel({
          tone: "neutral",
          heading:
            "This PDF carries no ValuSeal verification address. If it was printed and scanned, scan the QR code on any page instead.",
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
            heading: "This PDF names a verification address that is not on this site",
            lines: [
              `It names ${describeForeignAddress(fingerprint.verificationAddress)}. ValuSeal cannot vouch for it: verify the report by scanning the QR code on its pages instead.`,
            ],
            verdict: "foreign-address",
          });
          return;
        }
        token = found;
      }
      status.textContent = "Comparing with the sealed report…";
      const answer = await postCheck(token, fingerprint);
      const panel = verdictPanel(answer, fingerprint.pageFingerprints.length);
      status.textContent = "";
      showPanel(panel);
    } catch (error) {
      status.textContent = "";
      const message =
        error instanceof CheckFailed || error instanceof PdfRefusedError
          ? error.message
          : "This file could not be read as a PDF. Choose the report's PDF file.";
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
