import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { CompactSign, decodeJwt, decodeProtectedHeader, generateKeyPair } from "jose";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredSeal } from "../../schema/responses";
import { signedRecordFileName, type SignedRecordFile } from "../../schema/signed-record-file";
import { attachSignedRecord } from "../../verifier/attachment";
import { readReportPdf } from "../../verifier/pdf-node";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createCodeViaApi, type CreatedCode } from "./fixtures/codes";
import { apiCall, fetchApp } from "./fixtures/http";
import { createValuerViaApi } from "./fixtures/valuers";
import { useBrowser } from "./fixtures/browser";
import { attachedFiles, rasterisePages } from "./fixtures/pdf";
import { sealInBrowser } from "./fixtures/sealing";

/**
 * `npm run verify -- report.pdf [record.json] --keys jwks.json`: a court registry's or a bank back
 * office's check of a report with Node alone, on real PDFs (pdf-lib writes them, pdf.js reads
 * them), against a record and key history downloaded from the running app beforehand, or against
 * the record the delivered PDF carries (attached the way the sealing screen attaches it).
 */
const browser = useBrowser();
const folder = mkdtempSync(join(tmpdir(), "valuseal-verify-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PAGES = ["Valuation report for Plot 7, Riverside Drive", "Market value KSh 45,000,000", "Signed: Jane Wanjiku"];

async function reportPdf(pages: string[], title = "Valuation report") {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  return new Uint8Array(await doc.save());
}

function save(name: string, content: string | Uint8Array) {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

async function verify(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [resolve("node_modules/tsx/dist/cli.mjs"), resolve("verifier/cli.ts"), ...args],
      { env: { ...process.env, NODE_NO_WARNINGS: "1" } },
    );
    return { status: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

/** verifier.html's verdict: its text and colour, once "Checking…" (while pdf.js reads) has given way. */
async function verdictOn(page: Page) {
  const verdict = await page.waitForFunction(() => {
    const result = document.getElementById("result")!;
    const text = result.innerText;
    return !result.hidden && text && !text.includes("Checking") ? { text, tone: result.dataset.tone } : null;
  });
  return (await verdict.jsonValue())!;
}

let code: CreatedCode;
let recordFile: SignedRecordFile;
let recordPath: string;
let keysPath: string;
let sealedPath: string;
let deliveredPath: string;

let ownerToken: string;

beforeAll(async () => {
  const owner = await registerOwnerViaApi();
  ownerToken = owner.token;
  const valuer = await createValuerViaApi(owner.token);
  code = await createCodeViaApi(owner.token, valuer.id);
  const sealed = await reportPdf(PAGES);
  sealedPath = save("sealed.pdf", sealed);
  const { sha256, pageFingerprints } = await readReportPdf(sealed);
  const seal = await apiCall<RegisteredSeal>(`/api/qr-codes/${code.id}/seals`, {
    token: owner.token,
    body: { sha256, pageFingerprints },
  });
  const attached = seal.signedRecord!;
  deliveredPath = save(
    "delivered.pdf",
    await attachSignedRecord(sealed, JSON.stringify(attached, null, 2), signedRecordFileName(attached.record)),
  );
  recordFile = (await (
    await fetchApp(`/api/public/certificates/${code.publicToken}/record`, {})
  ).json()) as SignedRecordFile;
  recordPath = save("record.json", JSON.stringify(recordFile));
  keysPath = save("jwks.json", await (await fetchApp("/.well-known/jwks.json", {})).text());
}, 60_000);

describe("npm run verify", () => {
  it("says a sealed report is genuine, offline, with who signed it and what it cannot know", async () => {
    const result = await verify(sealedPath, recordPath, "--keys", keysPath);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `Genuine: this file is exactly the sealed report of ${code.verificationCode} (version 1).`,
    );
    expect(result.stdout).toContain(`Signed by ValuSeal's key ${decodeProtectedHeader(recordFile.record).kid}`);
    expect(result.stdout).toContain("not verified by ValuSeal when this was signed");
    expect(result.stdout).toContain("Not provable offline: whether the code was withdrawn after");
    expect(result.stdout).toContain(`Key history: ${keysPath}`);

    const swahili = await verify(sealedPath, recordPath, "--keys", keysPath, "--lang", "sw");
    expect(swahili.stdout).toContain(`Halali: faili hili ndilo ripoti iliyotiwa muhuri ya ${code.verificationCode}`);
  });

  it("accepts a re-saved copy by its pages, and names the page an edited copy changed", async () => {
    const resaved = save("resaved.pdf", await reportPdf(PAGES, "Copy for the loan file"));
    const same = await verify(resaved, recordPath, "--keys", keysPath);
    expect(same.status).toBe(3);
    expect(same.stdout).toContain("Genuine text: every page matches the sealed report");
    // Exit status 3: genuine text, with a caution a person must read (a seal fingerprints text only).
    expect(same.stdout).toContain("Compare the figures and pictures with what the record states");

    const edited = save("edited.pdf", await reportPdf([PAGES[0]!, "Market value KSh 95,000,000", PAGES[2]!]));
    const altered = await verify(edited, recordPath, "--keys", keysPath);
    expect(altered.status).toBe(1);
    expect(altered.stdout).toContain(
      `Altered: page 2 differs from the sealed report of ${code.verificationCode} (version 1).`,
    );
  });

  it("refuses a record changed after signing, and one signed by a key ValuSeal never published", async () => {
    const [header, payload, signature] = recordFile.record.split(".");
    const tampered = JSON.stringify({
      ...recordFile,
      history: [],
      record: [header, payload!.replace(/.$/, (last) => (last === "A" ? "B" : "A")), signature].join("."),
    });
    const changed = await verify(sealedPath, save("tampered.json", tampered), "--keys", keysPath);
    expect(changed.status).toBe(1);
    expect(changed.stdout).toContain("Refused: the record cannot be trusted.");
    expect(changed.stdout).toContain("Its signature does not match its contents");

    const { privateKey } = await generateKeyPair("EdDSA");
    const forged = await new CompactSign(new TextEncoder().encode(JSON.stringify(decodeJwt(recordFile.record))))
      .setProtectedHeader({ alg: "EdDSA", kid: "someone-else", typ: "valuseal-certificate+jws" })
      .sign(privateKey);
    const stranger = await verify(
      sealedPath,
      save("forged.json", JSON.stringify({ record: forged })),
      "--keys",
      keysPath,
    );
    expect(stranger.status).toBe(1);
    expect(stranger.stdout).toContain("It was signed by a key that is not in the key history used.");

    // A genuine earlier record does not hide a latest one that cannot be checked: it may withdraw.
    const unreadable = await verify(
      sealedPath,
      save("unreadable-latest.json", JSON.stringify({ record: forged, history: [recordFile.record] })),
      "--keys",
      keysPath,
    );
    expect(unreadable.status).toBe(3);
    expect(unreadable.stdout).toContain("The latest record in the file could not be checked");
  });

  it("checks a delivered report by the record it carries, and not byte for byte once anything is appended", async () => {
    const delivered = await verify(deliveredPath, "--keys", keysPath);
    expect(delivered.status).toBe(0);
    expect(delivered.stdout).toContain(
      `Genuine: this file is exactly the sealed report of ${code.verificationCode} (version 1).`,
    );
    expect(delivered.stdout).toContain("The signed record was read from the PDF itself, where sealing attached it.");

    // An update appended after the attachment (here a new title; a script or a redrawn page alike)
    // makes the file an ordinary copy: its pages still match, its bytes are no longer the seal's.
    const appended = await PDFDocument.load(readFileSync(deliveredPath), { forIncrementalUpdate: true });
    appended.setTitle("Changed after sealing");
    const changed = save("appended.pdf", await appended.commit());
    const copy = await verify(changed, "--keys", keysPath);
    expect(copy.status).toBe(3);
    expect(copy.stdout).toContain("Genuine text: every page matches the sealed report");
  });

  it("explains its usage, and never takes the key history from the files it checks", async () => {
    const misused = await verify(sealedPath);
    expect(misused.status).toBe(2);
    expect(misused.stdout).toContain("sealed.pdf carries no signed record: pass the record file too.");
    expect(misused.stdout).toContain("Usage: npm run verify -- report.pdf [record.json] --keys jwks.json");
    // The record names where the keys are published, but a forged one would name its forger's.
    const withoutKeys = await verify(deliveredPath);
    expect(withoutKeys.status).toBe(2);
    expect(withoutKeys.stdout).toContain("Pass --keys");
  });

  it("says a withdrawn certificate's report is not to be relied on, though the file is the sealed one", async () => {
    await apiCall(`/api/qr-codes/${code.id}/revoke`, {
      token: ownerToken,
      body: { reason: "Valuation withdrawn after a complaint" },
    });
    const withdrawn = save(
      "withdrawn.json",
      await (await fetchApp(`/api/public/certificates/${code.publicToken}/record`, {})).text(),
    );
    const result = await verify(sealedPath, withdrawn, "--keys", keysPath);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `Genuine: this file is exactly the sealed report of ${code.verificationCode} (version 1).`,
    );
    expect(result.stdout).toMatch(
      /Withdrawn by the issuer on \d{4}-\d{2}-\d{2}: Valuation withdrawn after a complaint/,
    );
  });
});

describe("verifier.html", () => {
  it("is downloaded with the key history inside and checks a report in Chromium with the network off", async () => {
    const download = await fetchApp("/verifier?download", {});
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="valuseal-verifier.html"');
    expect(download.headers.get("content-security-policy")).toContain("connect-src 'none'");
    const html = await download.text();
    expect(html).not.toContain("__VALUSEAL_KEY_HISTORY__");
    const verifierPath = save("valuseal-verifier.html", html);

    const { page, context } = await browser.newPage();
    await context.setOffline(true);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) requests.push(request.url());
    });
    await page.goto(`file://${verifierPath}`);
    await page.getByRole("heading", { name: "Check a ValuSeal report, offline" }).waitFor();
    // Opened from a file it has no headers: the page's own policy still forbids any request.
    expect(
      await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective));
            fetch("data:text/plain,x").then(
              () => resolve("fetched"),
              () => undefined,
            );
          }),
      ),
    ).toBe("connect-src");
    const today = new Date().toISOString().slice(0, 10);
    await page.getByText(`as published on ${today}`, { exact: false }).waitFor();
    const checkWith = async (record: string | null, pdf: string) => {
      await page.locator("#record").setInputFiles(record ?? []);
      await page.getByLabel("Report PDF").setInputFiles(pdf);
      await page.getByRole("button", { name: "Check" }).click();
      return verdictOn(page);
    };

    expect(await checkWith(recordPath, sealedPath)).toEqual({
      text: expect.stringContaining(
        `Genuine: this file is exactly the sealed report of ${code.verificationCode} (version 1).`,
      ),
      tone: "valid",
    });
    expect(await checkWith(null, deliveredPath)).toEqual({
      text: expect.stringMatching(
        new RegExp(
          `^Genuine: this file is exactly the sealed report of ${code.verificationCode} \\(version 1\\)\\.[\\s\\S]*The signed record was read from the PDF itself`,
        ),
      ),
      tone: "valid",
    });
    const edited = save(
      "edited-in-browser.pdf",
      await reportPdf([PAGES[0]!, "Market value KSh 95,000,000", PAGES[2]!]),
    );
    expect(await checkWith(recordPath, edited)).toEqual({
      text: expect.stringContaining(`Altered: page 2 differs from the sealed report of ${code.verificationCode}`),
      tone: "invalid",
    });
    const { privateKey } = await generateKeyPair("EdDSA");
    const forged = await new CompactSign(new TextEncoder().encode(JSON.stringify(decodeJwt(recordFile.record))))
      .setProtectedHeader({ alg: "EdDSA", kid: "someone-else", typ: "valuseal-certificate+jws" })
      .sign(privateKey);
    expect(await checkWith(save("forged-for-browser.json", JSON.stringify({ record: forged })), sealedPath)).toEqual({
      text: expect.stringContaining("It was signed by a key that is not in the key history used."),
      tone: "invalid",
    });

    await page.getByRole("link", { name: "Kiswahili" }).click();
    await page.getByRole("heading", { name: "Kagua ripoti ya ValuSeal, bila mtandao" }).waitFor();
    expect(requests).toEqual([]);
    await context.close();
  });
});

describe("verifier.html with a paper report", () => {
  it("checks the signed record against a photo of a printed page's QR, and refuses a page of another certificate", async () => {
    // A report sealed on the code's page as a valuer does; the bank has it on paper and the record.
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const paperCode = await createCodeViaApi(owner.token, valuer.id);
    const sealer = await browser.newPage({ token: owner.token });
    const { bytes: delivered } = await sealInBrowser(sealer.page, paperCode.id, await reportPdf(PAGES));
    await sealer.context.close();
    const paperRecord = save("paper-record.json", attachedFiles(delivered)[0]!.text);
    // The printed page 2 as a phone photographs it: rasterised at 150 dpi.
    const photo = save("page-2.png", rasterisePages(delivered, 150, { first: 2, last: 2 })[0]!);

    const { page, context } = await browser.newPage();
    await context.setOffline(true);
    await page.goto(`file://${save("paper-verifier.html", await (await fetchApp("/verifier?download", {})).text())}`);
    const checkPaper = async (record: string) => {
      await page.locator("#record").setInputFiles(record);
      await page.getByLabel("Photo of a printed page's QR code, optional (for a paper report)").setInputFiles(photo);
      await page.getByRole("button", { name: "Check" }).click();
      return verdictOn(page);
    };

    const genuine = await checkPaper(paperRecord);
    expect(genuine.tone).toBe("warning");
    expect(genuine.text.split("\n")).toEqual(
      expect.arrayContaining([
        `Genuine record of ${paperCode.verificationCode}, signed by ValuSeal: compare the printed report with what it states.`,
        "The printed page's QR code names this certificate, page 2.",
        "Property: 12 Riverside Drive, Westlands, Nairobi, VAL-2025-001.",
        expect.stringMatching(/^Market value: KSh 45,000,000\.00, valued on \d{1,2} \w+ \d{4}\.$/),
      ]),
    );

    // The same photo against the first code's record: that page is not part of it.
    const other = await checkPaper(recordPath);
    expect(other.tone).toBe("invalid");
    expect(other.text).toContain(
      `The printed page's QR code names another address, ${paperCode.qrCodeData}/2: that page does not belong to this certificate.`,
    );
    await context.close();
  });
});
