import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { RECORD_TYPES, type CertificateRecord, type KeyHistory } from "#schema/signed-records.ts";
import type { SignedRecordFile } from "#schema/signed-record-file.ts";
import { verifyRecord } from "#verifier/records.ts";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { qrViewPath } from "./fixtures/certificates";
import { createCodeViaApi } from "./fixtures/codes";
import { fetchApp } from "./fixtures/http";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * "Download signed record" on a certificate: the file a bank keeps in its loan folder, checked
 * here the way anyone would, against the keys the site publishes.
 */
const browser = useBrowser();

const publishedKeys = async () => (await (await fetchApp("/.well-known/jwks.json", {})).json()) as KeyHistory;

describe("signed record download", () => {
  it("saves the certificate's signed record from the scanned page and from /qr-view, in either language", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });

    const download = async (linkName: string) => {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: linkName }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(`valuseal-${code.verificationCode}.json`);
      return JSON.parse(await readFile((await file.path())!, "utf8")) as SignedRecordFile;
    };

    await page.goto(new URL(code.qrCodeData).pathname);
    const saved = await download("Download signed record");
    const check = await verifyRecord<CertificateRecord>(saved.record, await publishedKeys(), RECORD_TYPES.certificate);
    expect(check).toMatchObject({
      ok: true,
      payload: { event: "issued", code: { verificationCode: code.verificationCode }, issuer: { email: owner.email } },
    });
    expect(saved.howToCheck).toContain("published keys");

    await page.goto(`${new URL(code.qrCodeData).pathname}?lang=sw`);
    expect((await download("Pakua rekodi iliyotiwa saini")).record).toBe(saved.record);

    await page.goto(qrViewPath({ qrCodeId: code.publicToken }));
    expect((await download("Download signed record")).record).toBe(saved.record);
    await context.close();
  });
});
