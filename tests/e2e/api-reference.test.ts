import { describe, expect, it } from "vitest";
import { DESKTOP_VIEWPORT, expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { recordViolations } from "./fixtures/csp";

/**
 * /docs: the integration API's reference, rendered in the browser from /api/v1/openapi.json by
 * Scalar's build served from this origin. It must show the routes, load nothing from another
 * origin and break none of its own Content-Security-Policy, on a desktop and on a phone.
 */
const browser = useBrowser();

describe("the API reference at /docs", () => {
  for (const [label, viewport] of [
    ["desktop", DESKTOP_VIEWPORT],
    ["phone", PHONE_VIEWPORT],
  ] as const) {
    it(`shows every route from the document, from this origin only, on a ${label}`, async () => {
      const { page, context } = await browser.newPage({ viewport });
      const violations = await recordViolations(page);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const requested: URL[] = [];
      page.on("request", (request) => requested.push(new URL(request.url())));
      const response = await page.goto("/docs");
      const origin = new URL(response!.url()).origin;
      expect(response!.status()).toBe(200);
      expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
      await page.getByRole("heading", { name: "ValuSeal API", level: 1 }).waitFor();
      // No third-party AI chat: Scalar's "Ask AI" would send the reader's questions to Scalar.
      expect(await page.getByRole("button", { name: /Ask AI/i }).count()).toBe(0);
      for (const route of ["Issue a code", "Issue many codes", "Revoke a code"]) {
        await page.getByText(route, { exact: true }).first().waitFor({ state: "attached" });
      }
      // Each tag's routes unfold from its group in the sidebar (behind the menu on a phone).
      if (label === "desktop") {
        await page.getByText("Webhooks", { exact: true }).first().click();
        for (const route of ["Add a webhook endpoint", "Resend a delivery"]) {
          await page.getByText(route, { exact: true }).first().waitFor({ state: "attached" });
        }
      }
      await page
        .getByText(/each key may make 300 requests a minute/i)
        .first()
        .waitFor();
      const elsewhere = requested.filter((url) => !["data:", "blob:"].includes(url.protocol) && url.origin !== origin);
      expect(elsewhere.map(String)).toEqual([]);
      expect(errors).toEqual([]);
      // The one blocked attempt is zod's probe for eval inside Scalar's bundle (`new Function("")` in a
      // try, to choose a faster validator): the policy refuses it, as it should, and zod goes on
      // without. Anything else the policy blocks fails the test.
      const unexpected = (await violations()).filter(
        (violation) => !/^script-src blocked eval +at \S+\/docs\/scalar\/chunks\//.test(violation),
      );
      expect(unexpected).toEqual([]);
      if (label === "phone") await expectNoHorizontalScroll(page);
      await context.close();
    });
  }
});
