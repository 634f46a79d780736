import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "@cantoo/pdf-lib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CopyCheck } from "#schema/responses/index.ts";
import { readReportPdf } from "#verifier/pdf-node.ts";
import { randomIp } from "../shared/network";
import { valuationDay } from "../shared/dates";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { useBrowser } from "./fixtures/browser";
import { createCodeViaApi, type CreatedCode } from "./fixtures/codes";
import { apiCall, fetchApp } from "./fixtures/http";
import { editPageText, makeReportPdf, resavePdf } from "./fixtures/pdf";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * One verdict for a report, wherever it is checked (decision 051): the same real PDFs against the
 * same codes, through the Worker's check (the API), the check page and the offline verifier in
 * Chromium (with the network off) and `npm run verify` in Node, give the same verdict, the same
 * colour and the same words. The codes cover a verified and an unverified issuer, each with a valid
 * and an expired valuation; each code has two sealed versions.
 */
const browser = useBrowser();
const folder = mkdtempSync(join(tmpdir(), "valuseal-one-verdict-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const save = (name: string, content: string | Uint8Array) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

const VERSION_1 = { pages: 3, withImage: true } as const;
const VERSION_2 = { ...VERSION_1, replace: [{ page: 1, from: "45,000,000", to: "47,500,000" }] };

/** An incremental update appended to a file, as an editor's "save" appends one (here a new title). */
async function appendUpdate(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true });
  doc.setTitle("Changed after sealing");
  return doc.commit();
}

interface Verdict {
  verdict: string;
  tone: string;
  /** The heading and the certificate's line, where a surface shows words. */
  heading?: string;
  certificateLine?: string;
}

interface Case {
  name: string;
  code: CreatedCode;
  recordPath: string;
  issuer: "verified" | "unverified";
  validity: "valid" | "expired";
}

const copies: Record<string, Uint8Array> = {};
const cases: Case[] = [];
let keysPath: string;
let verifierPath: string;

beforeAll(async () => {
  const version1 = await makeReportPdf(VERSION_1);
  const version2 = await makeReportPdf(VERSION_2);
  Object.assign(copies, {
    "newer sealed version": version2,
    "older sealed version": version1,
    "re-saved": await resavePdf(version2),
    "one page edited": await editPageText(VERSION_2, 2, "mature residential", "new residential"),
    "appended update": await appendUpdate(version2),
    "same text, other images": await makeReportPdf({ ...VERSION_2, withImage: false }),
    "foreign file": await makeReportPdf({ pages: 3, text: { 1: ["Another firm's report"], 2: ["Nothing"], 3: ["x"] } }),
  });
  const expiredOn = valuationDay(200);
  for (const issuer of ["verified", "unverified"] as const) {
    const owner = await registerOwnerViaApi();
    if (issuer === "verified") await verifyCompanyViaAdmin(owner.user.company.id);
    const valuer = await createValuerViaApi(owner.token);
    for (const validity of ["valid", "expired"] as const) {
      const code = await createCodeViaApi(
        owner.token,
        valuer.id,
        validity === "expired" ? { valuationDate: expiredOn.dayMonthYear } : {},
      );
      for (const version of [version1, version2]) {
        const { sha256, pageFingerprints } = await readReportPdf(version);
        await apiCall(`/api/qr-codes/${code.id}/seals`, { token: owner.token, body: { sha256, pageFingerprints } });
      }
      const record = await (await fetchApp(`/api/public/certificates/${code.publicToken}/record`, {})).text();
      const name = `${issuer}-${validity}`;
      cases.push({ name, code, issuer, validity, recordPath: save(`${name}.json`, record) });
    }
  }
  keysPath = save("jwks.json", await (await fetchApp("/.well-known/jwks.json", {})).text());
  verifierPath = save("valuseal-verifier.html", await (await fetchApp("/verifier?download", {})).text());
}, 120_000);

async function throughApi(code: CreatedCode, pdf: Uint8Array): Promise<Verdict> {
  const { sha256, pageFingerprints } = await readReportPdf(pdf);
  const answer = await apiCall<CopyCheck>(`/api/public/certificates/${code.publicToken}/check`, {
    body: { sha256, pageFingerprints },
  });
  return { verdict: answer.verdict, tone: answer.tone };
}

async function throughCommand(recordPath: string, pdfPath: string): Promise<Verdict> {
  const run = await promisify(execFile)(
    process.execPath,
    [resolve("node_modules/tsx/dist/cli.mjs"), resolve("verifier/cli.ts"), pdfPath, recordPath, "--keys", keysPath],
    { env: { ...process.env, NODE_NO_WARNINGS: "1" } },
  ).then(
    ({ stdout }) => ({ status: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
  );
  const lines = run.stdout.split("\n");
  const tone = { 0: "valid", 3: "warning", 1: "invalid" }[run.status] ?? `exit ${run.status}`;
  return {
    verdict: verdictOfHeading(lines[0]!),
    tone,
    heading: lines[0],
    certificateLine: lines.find((line) => line.startsWith("The certificate says")),
  };
}

/** The command prints words only: the verdict each heading names, in the one set of words. */
function verdictOfHeading(heading: string) {
  if (heading.startsWith("This is the exact sealed report")) return "exact";
  if (heading.startsWith("Every page's text matches")) return "same-text";
  if (/^(This copy was changed on|This copy differs from|Pages? [\d, and]+ (is|are) (missing|not in))/.test(heading)) {
    return "pages-differ";
  }
  if (heading === "This file is not the sealed report of this code — do not rely on it") return "not-sealed-file";
  return `unknown: ${heading}`;
}

async function throughCheckPage(page: Page, code: CreatedCode, pdf: Uint8Array): Promise<Verdict> {
  await page.goto(`/v/${code.publicToken}/check`);
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "copy.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  const panel = page.locator("[data-verdict]");
  await panel.waitFor();
  return {
    verdict: (await panel.getAttribute("data-verdict"))!,
    tone: (await panel.getAttribute("data-tone"))!,
    heading: await panel.locator("h2").innerText(),
    certificateLine: await panel.locator("[data-certificate-verdict]").innerText(),
  };
}

async function throughOfflinePage(page: Page, recordPath: string, pdfPath: string): Promise<Verdict> {
  await page.locator("#record").setInputFiles(recordPath);
  await page.getByLabel("Report PDF").setInputFiles(pdfPath);
  await page.getByRole("button", { name: "Check" }).click();
  const result = await page.waitForFunction(() => {
    const element = document.getElementById("result")!;
    return !element.hidden && element.dataset.verdict
      ? { verdict: element.dataset.verdict, tone: element.dataset.tone!, lines: element.innerText.split("\n") }
      : null;
  });
  const { verdict, tone, lines } = (await result.jsonValue())!;
  await page.evaluate(() => {
    const element = document.getElementById("result")!;
    delete element.dataset.verdict;
  });
  return {
    verdict,
    tone,
    heading: lines[0],
    certificateLine: lines.find((line) => line.startsWith("The certificate says")),
  };
}

/** What every surface must say for a copy of a code: the copy's verdict, and green only for the latest exact file of a green certificate. */
function expected(copy: string, issuer: Case["issuer"], validity: Case["validity"]) {
  const verdict = {
    "newer sealed version": "exact",
    "older sealed version": "exact",
    "re-saved": "same-text",
    "one page edited": "pages-differ",
    "appended update": "same-text",
    "same text, other images": "same-text",
    "foreign file": "not-sealed-file",
  }[copy]!;
  const green = copy === "newer sealed version" && issuer === "verified" && validity === "valid";
  const tone = ["pages-differ", "not-sealed-file"].includes(verdict) ? "invalid" : green ? "valid" : "warning";
  return { verdict, tone };
}

describe("one verdict for a report, online and offline", () => {
  it("gives every copy the same verdict, colour and words through the API, both pages and the command", async () => {
    const checkPage = await browser.newPage();
    // The check page's requests are one visitor of their own, beside the other files' tests.
    await checkPage.context.setExtraHTTPHeaders({ "CF-Connecting-IP": randomIp() });
    const offline = await browser.newPage();
    await offline.context.setOffline(true);
    await offline.page.goto(`file://${verifierPath}`);
    await offline.page.getByRole("heading", { name: "Check a ValuSeal report, offline" }).waitFor();

    const table: Record<string, Record<string, Verdict>> = {};
    const expectations: Record<string, { verdict: string; tone: string }> = {};
    for (const { name, code, recordPath, issuer, validity } of cases) {
      for (const [copy, pdf] of Object.entries(copies)) {
        const row = `${name}: ${copy}`;
        const pdfPath = save(`${name}-${copy.replace(/\W+/g, "-")}.pdf`, pdf);
        const [api, command] = await Promise.all([throughApi(code, pdf), throughCommand(recordPath, pdfPath)]);
        table[row] = {
          api,
          command,
          checkPage: await throughCheckPage(checkPage.page, code, pdf),
          offlinePage: await throughOfflinePage(offline.page, recordPath, pdfPath),
        };
        expectations[row] = expected(copy, issuer, validity);
      }
    }
    await checkPage.context.close();
    await offline.context.close();

    for (const [row, surfaces] of Object.entries(table)) {
      for (const [surface, verdict] of Object.entries(surfaces)) {
        expect({ row, surface, verdict: verdict.verdict, tone: verdict.tone }).toEqual({
          row,
          surface,
          ...expectations[row],
        });
      }
      // The three that show words show the same heading and the same line for the certificate.
      const { checkPage: page, offlinePage, command } = surfaces;
      expect({ row, heading: offlinePage!.heading, line: offlinePage!.certificateLine }).toEqual({
        row,
        heading: page!.heading,
        line: page!.certificateLine,
      });
      expect({ row, heading: command!.heading, line: command!.certificateLine }).toEqual({
        row,
        heading: page!.heading,
        line: page!.certificateLine,
      });
    }
    // The words a reader sees, spot-checked: an older version is named, an expired code says so.
    expect(table["verified-valid: older sealed version"]!.checkPage!.heading).toMatch(
      /^This is the exact sealed report \(version 1\), sealed on \d{1,2} \w+ \d{4}$/,
    );
    expect(table["verified-expired: newer sealed version"]!.checkPage!.certificateLine).toBe(
      "The certificate says “Expired”: Genuine record, but the valuation has expired — ask the valuer for an updated report.",
    );
    expect(table["unverified-valid: newer sealed version"]!.command!.certificateLine).toBe(
      "The certificate says “Issuer not verified by ValuSeal”: ValuSeal has not confirmed who issued this code — confirm with the firm before relying on it.",
    );
    expect(table["verified-valid: one page edited"]!.offlinePage!.heading).toBe(
      "This copy was changed on page 2 — do not rely on it",
    );
  }, 300_000);
});
