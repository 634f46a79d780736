import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";

/**
 * /verify's "Verify by code": a person types the verification code printed on a report (however
 * they type it) and reaches that code's certificate, with or without script.
 */
const browser = useBrowser();

/** A verified firm's valid code (the fixture values it recently). */
const arrangeValidCode = async () => (await createOwnerWithCodesViaApi()).code;

async function typeCode(page: Page, typed: string) {
  await page.goto("/verify");
  await page.getByRole("heading", { level: 1, name: "Verify a valuation report" }).waitFor();
  await page.getByLabel("Verification code").fill(typed);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The certificate of this code, as the typed look-up answers it: its own code and the anti-phishing line. */
async function expectCertificateOf(page: Page, verificationCode: string) {
  await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
  await page.getByText("Verified Authentic").waitFor();
  await page.getByText(verificationCode, { exact: true }).waitFor();
  await page.getByText("Check that the address bar shows").waitFor();
  expect(new URL(page.url()).pathname).toBe("/verify");
}

describe("Verify by code on /verify", () => {
  it("finds the certificate however the code is typed, at 360 px", async () => {
    const code = await arrangeValidCode();
    const bare = code.verificationCode.replace(/^VS-/, "");
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    const input = page.getByLabel("Verification code");

    await page.goto("/verify");
    await input.waitFor();
    expect(await input.getAttribute("placeholder")).toBe("VS-7K3M-9Q2P-4H");
    expect(await input.getAttribute("autocapitalize")).toBe("characters");
    expect(await input.getAttribute("autocomplete")).toBe("off");
    expect(await input.getAttribute("spellcheck")).toBe("false");
    await expectNoHorizontalScroll(page);

    for (const typed of [
      code.verificationCode.toLowerCase().replaceAll("-", " "),
      bare,
      code.verificationCode,
      ` ${bare.replaceAll("-", "").toLowerCase()} `,
    ]) {
      await typeCode(page, typed);
      await expectCertificateOf(page, code.verificationCode);
      await expectNoHorizontalScroll(page);
    }
    await context.close();
  });

  it("says Verification code not found for a code no report has, with a way back", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await typeCode(page, "VS-2222-3333-44");
    await page.getByRole("heading", { level: 1, name: "Verification code not found" }).waitFor();
    expect(await page.getByText("Verified Authentic").count()).toBe(0);
    await page.getByRole("link", { name: "try again" }).click();
    await page.getByLabel("Verification code").waitFor();
    await context.close();
  });

  it("works in a browser without script", async () => {
    const code = await arrangeValidCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, javaScriptEnabled: false });
    await typeCode(page, code.verificationCode.toLowerCase());
    await expectCertificateOf(page, code.verificationCode);
    await context.close();
  });

  it("is not offered on a code's own check page", async () => {
    const code = await arrangeValidCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, javaScriptEnabled: false });
    await page.goto(`/v/${code.publicToken}/check`);
    await page.getByRole("link", { name: "Kiswahili" }).waitFor();
    expect(await page.getByLabel("Verification code").count()).toBe(0);
    await context.close();
  });
});
