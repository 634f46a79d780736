import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { CompactSign, decodeJwt, decodeProtectedHeader, generateKeyPair } from "jose";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredSeal } from "#schema/responses/index.ts";
import type { KeyHistory } from "#schema/signed-records.ts";
import { signedRecordFileName, type SignedRecordFile } from "#schema/signed-record-file.ts";
import { attachSignedRecord } from "#verifier/attachment.ts";
import { readReportPdf } from "#verifier/pdf-node.ts";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createCodeViaApi, type CreatedCode } from "./fixtures/codes";
import { apiCall, fetchApp } from "./fixtures/http";
import { createValuerViaApi, expiredPractisingCertificateInDb } from "./fixtures/valuers";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
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
  // A firm ValuSeal verified: only its exact sealed file can read green (tests/e2e/one-verdict.test.ts has the rest).
  await verifyCompanyViaAdmin(owner.user.company.id);
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
    expect(result.stdout).toMatch(/^This is the exact sealed report \(version 1\), sealed on \d{1,2} \w+ \d{4}\n/);
    expect(result.stdout).toContain(`Checked against the signed records of ${code.verificationCode}.`);
    expect(result.stdout).toContain("The certificate says “Verified Authentic”");
    expect(result.stdout).toContain(`Signed by ValuSeal's key ${decodeProtectedHeader(recordFile.record).kid}`);
    expect(result.stdout).toMatch(/verified by ValuSeal on \d{4}-\d{2}-\d{2}\./);
    expect(result.stdout).toContain(
      "Not provable offline: whether the code was withdrawn, or its issuer suspended, after",
    );
    expect(result.stdout).toContain(`Key history: ${keysPath}`);
    expect(result.stdout).toContain("Registration not checked by ValuSeal.");

    const swahili = await verify(sealedPath, recordPath, "--keys", keysPath, "--lang", "sw");
    expect(swahili.stdout).toContain("Hii ndiyo ripoti halisi iliyotiwa muhuri (toleo 1), tarehe");
  });

  it("accepts a re-saved copy by its pages, and names the page an edited copy changed", async () => {
    const resaved = save("resaved.pdf", await reportPdf(PAGES, "Copy for the loan file"));
    const same = await verify(resaved, recordPath, "--keys", keysPath);
    expect(same.status).toBe(3);
    expect(same.stdout).toContain("Every page's text matches the sealed report (version 1)");
    // Exit status 3: genuine text, with a caution a person must read (a seal fingerprints text only).
    expect(same.stdout).toContain("Only the text of each page was compared, not pictures");

    const edited = save("edited.pdf", await reportPdf([PAGES[0]!, "Market value KSh 95,000,000", PAGES[2]!]));
    const altered = await verify(edited, recordPath, "--keys", keysPath);
    expect(altered.status).toBe(1);
    expect(altered.stdout).toContain("This copy was changed on page 2 — do not rely on it");
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
    expect(delivered.stdout).toContain("This is the exact sealed report (version 1), sealed on");
    expect(delivered.stdout).toContain("The signed record was read from the PDF itself, where sealing attached it.");

    // An update appended after the attachment (here a new title; a script or a redrawn page alike)
    // makes the file an ordinary copy: its pages still match, its bytes are no longer the seal's.
    const appended = await PDFDocument.load(readFileSync(deliveredPath), { forIncrementalUpdate: true });
    appended.setTitle("Changed after sealing");
    const changed = save("appended.pdf", await appended.commit());
    const copy = await verify(changed, "--keys", keysPath);
    expect(copy.status).toBe(3);
    expect(copy.stdout).toContain("Every page's text matches the sealed report (version 1)");
  });

  it("keeps the exact file amber when the record's register check did not confirm the valuer, and says why", async () => {
    const valuer = await createValuerViaApi(ownerToken, { name: "Peter Kiprono", registrationNumber: "VRB/V/7789" });
    await expiredPractisingCertificateInDb(valuer, "VRB/V/7789");
    const unconfirmed = await createCodeViaApi(ownerToken, valuer.id);
    const sealed = await reportPdf(["Valuation report for Plot 9", "Signed: Peter Kiprono"]);
    const { sha256, pageFingerprints } = await readReportPdf(sealed);
    await apiCall(`/api/qr-codes/${unconfirmed.id}/seals`, { token: ownerToken, body: { sha256, pageFingerprints } });
    const record = await (await fetchApp(`/api/public/certificates/${unconfirmed.publicToken}/record`, {})).text();
    const result = await verify(save("unconfirmed.pdf", sealed), save("unconfirmed.json", record), "--keys", keysPath);
    expect(result.status).toBe(3);
    expect(result.stdout).toContain("The certificate says “Valuer's registration not confirmed”");
    expect(result.stdout).toMatch(
      /Registration VRB\/V\/7789: the practising certificate ValuSeal reviewed expired on \d{1,2} \w+ \d{4} \(checked \d{1,2} \w+ \d{4}\)\./,
    );
  });

  it("keeps the exact file amber when the record file says the code changed after its last signed record", async () => {
    const note =
      "This code's state changed, and that change is not signed yet: the record below is the last signed one. The status link answers the code's state now, signed.";
    const withNote = save("unsigned-change.json", JSON.stringify({ ...recordFile, unsignedChange: note }));
    const result = await verify(sealedPath, withNote, "--keys", keysPath);
    expect(result.status).toBe(3);
    expect(result.stdout).toContain(`The record file says: ${note}`);
  });

  it("refuses a file too large or too long to be a sealed report before reading its pages", async () => {
    const huge = save("huge.pdf", new Uint8Array(52 * 1024 * 1024));
    const large = await verify(huge, recordPath, "--keys", keysPath);
    expect(large.status).toBe(1);
    expect(large.stdout).toContain(
      "This file is larger than 50 MB with its signed record, so it is not a ValuSeal sealed report.",
    );
    const long = save("long.pdf", await reportPdf(Array.from({ length: 301 }, (_, index) => `Page ${index + 1}`)));
    const tooLong = await verify(long, recordPath, "--keys", keysPath);
    expect(tooLong.status).toBe(1);
    expect(tooLong.stdout).toContain("This PDF has more than 300 pages, the most a sealed report has");
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
    expect(result.stdout).toContain("This is the exact sealed report (version 1), sealed on");
    expect(result.stdout).toContain(
      "The certificate says “Revoked”: Withdrawn by the issuer — do not rely on this valuation.",
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
      text: expect.stringContaining("This is the exact sealed report (version 1), sealed on"),
      tone: "valid",
    });
    expect(await checkWith(null, deliveredPath)).toEqual({
      text: expect.stringMatching(
        /^This is the exact sealed report \(version 1\)[\s\S]*The signed record was read from the PDF itself/,
      ),
      tone: "valid",
    });
    const edited = save(
      "edited-in-browser.pdf",
      await reportPdf([PAGES[0]!, "Market value KSh 95,000,000", PAGES[2]!]),
    );
    expect(await checkWith(recordPath, edited)).toEqual({
      text: expect.stringContaining("This copy was changed on page 2 — do not rely on it"),
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

    // A dropped-in key history may only add to the one inside: one with a backdated key is refused.
    const carried = JSON.parse(readFileSync(keysPath, "utf8")) as KeyHistory;
    const backdated = save(
      "backdated-keys.json",
      JSON.stringify({
        keys: [...carried.keys, { ...carried.keys[0]!, kid: "backdated", started_at: "2020-01-01T00:00:00Z" }],
      }),
    );
    await page.locator("#keys").setInputFiles(backdated);
    expect(await checkWith(recordPath, sealedPath)).toEqual({
      text: expect.stringContaining(
        "The newer key history was not used: it does not extend the one this verifier carries",
      ),
      tone: "invalid",
    });
    await page.locator("#keys").setInputFiles([]);

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
        "Registration not checked by ValuSeal.",
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
