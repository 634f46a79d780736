import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { certificateValue } from "./fixtures/certificates";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";

/**
 * The pages a phone reaches from a code, in English and in Swahili: the server-rendered
 * certificate (switched by its link, or chosen by the phone's language) and the /verify page.
 */
const browser = useBrowser();

/** A verified firm's valid code (the fixture values it recently). */
const arrangeValidCode = async () => (await createOwnerWithCodesViaApi()).code;

const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("the certificate in English and Swahili", () => {
  it("switches language by its link and back, readable at 360 px in both", async () => {
    const code = await arrangeValidCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, locale: "en-GB" });
    await page.goto(`/v/${code.publicToken}`);
    await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
    await page.getByText("Verified Authentic").waitFor();
    expect(await documentLanguage(page)).toBe("en");
    await expectNoHorizontalScroll(page);

    await page.getByRole("link", { name: "Kiswahili" }).click();
    await page.getByRole("heading", { level: 1, name: "Cheti cha Tathmini ya Mali" }).waitFor();
    expect(new URL(page.url()).search).toBe("?lang=sw");
    expect(await documentLanguage(page)).toBe("sw");
    await page.getByText("Imethibitishwa kuwa Halali").waitFor();
    await page.getByRole("heading", { level: 2, name: "Maelezo ya Tathmini" }).waitFor();
    expect(await certificateValue(page, "Thamani ya soko").innerText()).toBe("KSh 45,000,000.00");
    await page.getByText("Hakikisha kwamba upau wa anwani unaonyesha").waitFor();
    expect(await page.getByText("Verified Authentic").count()).toBe(0);
    await expectNoHorizontalScroll(page);

    await page.getByRole("link", { name: "English" }).click();
    await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
    expect(new URL(page.url()).search).toBe("?lang=en");
    await context.close();
  });

  it("opens in Swahili on a phone set to Swahili", async () => {
    const code = await arrangeValidCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, locale: "sw-KE" });
    await page.goto(`/v/${code.publicToken}`);
    await page.getByRole("heading", { level: 1, name: "Cheti cha Tathmini ya Mali" }).waitFor();
    await page.getByRole("link", { name: "English" }).waitFor();
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});

describe("/verify in Swahili", () => {
  it("?lang=sw shows the page in Swahili at 360 px, and a typed code leads to the Swahili certificate", async () => {
    const code = await arrangeValidCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, locale: "en-GB" });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/verify?lang=sw");
    await page.getByRole("heading", { level: 1, name: "Thibitisha ripoti ya tathmini" }).waitFor();
    // The script's part of the page too: the check of a sealed PDF.
    await page.getByRole("heading", { level: 2, name: "Kagua ripoti iliyotiwa muhuri" }).waitFor();
    await page.getByText("Chagua PDF ya ripoti").waitFor();
    expect(await documentLanguage(page)).toBe("sw");
    expect(await page.getByRole("link", { name: "English" }).getAttribute("href")).toBe("/verify?lang=en");
    await expectNoHorizontalScroll(page);

    await page.getByLabel("Msimbo wa uthibitisho").fill(code.verificationCode);
    await page.getByRole("button", { name: "Thibitisha" }).click();
    await page.getByRole("heading", { level: 1, name: "Cheti cha Tathmini ya Mali" }).waitFor();
    await page.getByText(code.verificationCode, { exact: true }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it("follows the phone's language without ?lang=, and its switch leads to English", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, locale: "sw-TZ" });
    await page.goto("/verify");
    await page.getByRole("heading", { level: 1, name: "Thibitisha ripoti ya tathmini" }).waitFor();
    await page.getByRole("link", { name: "English" }).click();
    await page.getByRole("heading", { level: 1, name: "Verify a valuation report" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Check a sealed report" }).waitFor();
    expect(await documentLanguage(page)).toBe("en");
    await context.close();
  });

  it("a code's own check page has no code form, in either language", async () => {
    const code = await arrangeValidCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto(`/v/${code.publicToken}/check?lang=sw`);
    await page.getByRole("heading", { level: 1, name: "Kagua nakala ya ripoti hii" }).waitFor();
    expect(await page.getByRole("link", { name: "Rudi kwenye cheti" }).getAttribute("href")).toBe(
      `/v/${code.publicToken}?lang=sw`,
    );
    expect(await page.getByRole("textbox").count()).toBe(0);
    await page.getByRole("link", { name: "English" }).click();
    await page.getByRole("heading", { level: 1, name: "Check a copy of this report" }).waitFor();
    expect(await page.getByRole("textbox").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Verify" }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});
