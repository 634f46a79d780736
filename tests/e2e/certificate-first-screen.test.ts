import { createHash } from "node:crypto";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";

/**
 * What a bank officer sees on a phone before scrolling, when they scan page 3 of a sealed report
 * from a verified firm: the verdict and what it proves, the issuer and ValuSeal's word on it, the
 * market value, the valuation date, the signing valuer, the valid-until day and the button that
 * checks the PDF they were given. Measured by bounding boxes at 360 × 740, in both languages.
 */
const browser = useBrowser();

/** Fingerprints as the browser computes them (SHA-256 in hex), here of labelled text: what matters is the seal's page count. */
const digest = (text: string) => createHash("sha256").update(text).digest("hex");

async function sealedCodeOfVerifiedFirm() {
  const { owner, valuer, code } = await createOwnerWithCodesViaApi();
  await apiCall(`/api/qr-codes/${code.id}/seals`, {
    token: owner.token,
    body: {
      sha256: digest(`${code.publicToken} file`),
      pageFingerprints: Array.from({ length: 4 }, (_, index) => digest(`${code.publicToken} page ${index + 1}`)),
    },
  });
  return { owner, valuer, code };
}

/** Wholly inside the first screen: nothing of it needs a scroll. */
async function expectAboveTheFold(locator: Locator) {
  const box = await locator.boundingBox();
  const text = await locator.textContent();
  expect(box, `${text} is not shown`).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${text} ends below the fold`).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
}

const SCREENS = {
  en: {
    verdict: "Verified Authentic",
    meaning: "Genuine record from a verified firm — check that your copy matches",
    summary: "Summary",
    labels: ["Issuer", "Market value", "Valuation date", "Signing valuer", "Valid until"],
    vouched: /^Verified by ValuSeal on /,
    button: "Check the PDF you were given",
    checkTitle: "Check a copy of this report",
  },
  sw: {
    verdict: "Imethibitishwa kuwa Halali",
    meaning: "Rekodi halali kutoka kampuni iliyothibitishwa — hakikisha nakala yako inalingana nayo",
    summary: "Muhtasari",
    labels: ["Mtoaji", "Thamani ya soko", "Tarehe ya tathmini", "Mthamini", "Halali hadi"],
    vouched: /^Imethibitishwa na ValuSeal tarehe /,
    button: "Kagua PDF uliyopewa",
    checkTitle: "Kagua nakala ya ripoti hii",
  },
} as const;

async function summaryValue(summary: Locator, label: string) {
  const term = summary.locator("dt", { hasText: label });
  await term.waitFor();
  return term.locator("xpath=following-sibling::dd[1]");
}

describe("the certificate's first screen on a phone", () => {
  for (const language of ["en", "sw"] as const) {
    it(`answers the bank officer's questions above the fold (${language})`, async () => {
      const screen = SCREENS[language];
      const { owner, valuer, code } = await sealedCodeOfVerifiedFirm();
      const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
      // A sealed page's QR: the longest header the page has ("Page 3 of 4 of the sealed report").
      await page.goto(`/v/${code.publicToken}/3?lang=${language}`);

      const badge = page.locator("header .badge");
      expect(await badge.textContent()).toBe(`✓ ${screen.verdict}`);
      await expectAboveTheFold(badge);
      await expectAboveTheFold(page.getByText(screen.meaning, { exact: true }));
      const summary = page.getByRole("region", { name: screen.summary });
      for (const label of screen.labels) await expectAboveTheFold(await summaryValue(summary, label));

      const issuer = await summaryValue(summary, screen.labels[0]);
      expect(await issuer.textContent()).toContain(owner.user.company.name);
      await expectAboveTheFold(issuer.getByText(screen.vouched));
      expect(await (await summaryValue(summary, screen.labels[1])).textContent()).toBe("KSh 45,000,000.00");
      expect(await (await summaryValue(summary, screen.labels[3])).textContent()).toBe(valuer.name);

      const button = page.getByRole("link", { name: screen.button });
      await expectAboveTheFold(button);
      const box = (await button.boundingBox())!;
      // A thumb's target, not a text link.
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(PHONE_VIEWPORT.width * 0.75);
      await expectNoHorizontalScroll(page);

      await button.click();
      await page.getByRole("heading", { level: 1, name: screen.checkTitle }).waitFor();
      await context.close();
    });
  }

  it("says there is no sealed PDF to check when the issuer sealed none, instead of offering the button", async () => {
    const { code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto(`/v/${code.publicToken}`);
    await expectAboveTheFold(
      page.getByText(
        "The issuer did not seal a PDF of this report with ValuSeal: compare your copy with the details below.",
      ),
    );
    expect(await page.getByRole("link", { name: SCREENS.en.button }).count()).toBe(0);
    await context.close();
  });
});
