import { describe, expect, it } from "vitest";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { confirmEmailInDb, signInViaApi, uniqueEmail } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { queryAppDatabase } from "./fixtures/database";
import { apiCall } from "./fixtures/http";
import { waitForEmail } from "../shared/inbox";

/**
 * Swahili where lenders and the public meet ValuSeal: the landing page, the lenders' door,
 * registration and sign-in, the lender screens, and the notices emailed to a lender who chose it.
 */
const browser = useBrowser();

const pageLanguage = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.lang);

describe("in Swahili", () => {
  it("on a phone: the landing page switches language, keeps the choice, and switches back", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto("/");
    await page.getByRole("heading", { name: "Stop forged valuation reports with one scan" }).waitFor();
    await page.getByRole("button", { name: "Kiswahili" }).click();
    await page.getByRole("heading", { name: "Zuia ripoti za tathmini za kughushi kwa skani moja" }).waitFor();
    expect(await pageLanguage(page)).toBe("sw");
    await page.getByText("Misimbo iliyotolewa").waitFor();
    await expectNoHorizontalScroll(page);

    // The choice stays on this device; the sign-in dialog speaks it too.
    await page.reload();
    await page.getByRole("heading", { name: "Zuia ripoti za tathmini za kughushi kwa skani moja" }).waitFor();
    await page.getByRole("button", { name: "Ingia" }).click();
    const signIn = page.getByRole("dialog", { name: "Ingia" });
    await signIn.getByLabel("Nenosiri").waitFor();
    await signIn.getByRole("button", { name: "Umesahau nenosiri?" }).waitFor();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: "Stop forged valuation reports with one scan" }).waitFor();
    expect(await pageLanguage(page)).toBe("en");
    await context.close();
  });

  it("on a phone: from a certificate read in Swahili, an officer registers, relies on the valuation and is told in Swahili when it is revoked", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const email = uniqueEmail("benki");
    const visitor = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await visitor.page.goto(`/v/${code.publicToken}?lang=sw`);
    await visitor.page.getByRole("link", { name: "Mkopeshaji? Rekodi utegemezi" }).click();
    await visitor.page.getByRole("heading", { name: "Rekodi utegemezi wa tathmini" }).waitFor();
    expect(await pageLanguage(visitor.page)).toBe("sw");
    await expectNoHorizontalScroll(visitor.page);
    await visitor.page.getByRole("button", { name: "Jisajili kama mkopeshaji" }).click();
    const dialog = visitor.page.getByRole("dialog", { name: "Fungua Akaunti ya Mkopeshaji" });

    // The error summary and the fields' messages speak Swahili too.
    await dialog.getByRole("button", { name: "Fungua Akaunti" }).click();
    const summary = dialog.getByLabel("Kuna tatizo");
    await summary.getByRole("link", { name: "Jina la Kwanza" }).waitFor();
    await dialog.getByText("Jina la kwanza linahitajika").waitFor();

    await dialog.getByLabel("Aina ya Mkopeshaji").selectOption("bank");
    await dialog.getByLabel("Jina la Kwanza").fill("Neema");
    await dialog.getByLabel("Jina la Mwisho").fill("Mwakyusa");
    await dialog.getByLabel("Jina la Taasisi").fill("Benki ya Ushirika wa Pwani");
    await dialog.getByLabel("Barua Pepe ya Taasisi").fill(email);
    await dialog.getByLabel("Nenosiri", { exact: true }).fill("s3cure-passw0rd");
    await dialog.getByLabel("Thibitisha Nenosiri").fill("s3cure-passw0rd");
    await dialog.getByRole("button", { name: "Fungua Akaunti" }).click();
    await visitor.page.getByRole("dialog", { name: "Angalia Barua Pepe Yako" }).getByText(email).waitFor();
    await visitor.context.close();
    const { rows } = await queryAppDatabase("SELECT language FROM users WHERE email = $1", [email]);
    expect(rows).toEqual([{ language: "sw" }]);

    const signedIn = await signInViaApi(email, "s3cure-passw0rd");
    await confirmEmailInDb(signedIn.user.id);
    await verifyCompanyViaAdmin(signedIn.user.company.id);
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: signedIn.token });
    await page.goto(`/reliance/new?code=${code.publicToken}&lang=sw`);
    await page.getByRole("heading", { name: "Rekodi Utegemezi" }).waitFor();
    await page.getByRole("button", { name: "Kagua tathmini" }).click();
    // The certificate's verdict in the certificate's own Swahili words.
    await page
      .locator('[data-verdict="verified-authentic"]')
      .getByText(verdictHeadline("sw", "verified-authentic"))
      .waitFor();
    await page.getByLabel("Namba ya Mkopo au Kituo").fill("BUP/MKOPO/2026/0917");
    await page.getByLabel("Kiasi Kilichokopeshwa (KES)").fill("18,500,000");
    await page.getByRole("button", { name: "Rekodi utegemezi" }).click();
    await expectToast(page, "Utegemezi umerekodiwa", "Tathmini iko kwenye portfolio yako.");
    await page
      .getByRole("list", { name: "Tathmini zinazofuatiliwa" })
      .getByText("Tayari unaitegemea tathmini hii")
      .waitFor();
    await expectNoHorizontalScroll(page);

    await apiCall(`/api/qr-codes/${code.id}/revoke`, {
      token: owner.token,
      body: { reason: "Kiwanja kisicho sahihi" },
    });
    const notice = await waitForEmail(email, "tathmini unayofuatilia imefutwa");
    expect(notice.text).toContain(`imefuta ${code.verificationCode}`);
    expect(notice.text).toContain("Kiwanja kisicho sahihi. Usiitegemee.");
    expect(notice.html).toContain('<html lang="sw">');
    await page.goto("/portfolio");
    await page.getByText("Imefutwa na mtoaji").waitFor();
    await context.close();
  });
});
