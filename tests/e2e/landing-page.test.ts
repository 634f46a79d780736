import { describe, expect, it } from "vitest";
import { useBrowser } from "./fixtures/browser";
import { decodeQrImage } from "./fixtures/qr-images";

/**
 * The landing page a visitor sees at /: its sections and the live demo code.
 */
const browser = useBrowser();

describe("landing page", () => {
  it("shows the marketing sections, the four tiles and a live demo code that decodes to our address", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    await expect(page.getByRole("button", { name: "Start Free Trial" }).isVisible()).resolves.toBe(true);
    const body = await page.locator("body").innerText();
    for (const text of [
      "100%",
      "Secure",
      "500+",
      "Companies",
      "50K+",
      "Codes",
      "24/7",
      "Support",
      "London",
      "How it works",
    ]) {
      expect(body).toContain(text);
    }
    expect(body).toMatch(/alerted each time a code is scanned/);
    const demo = page.getByAltText(/Demo verification QR code/);
    await demo.waitFor();
    const decoded = await decodeQrImage(page, (await demo.getAttribute("src"))!);
    expect(decoded).toBe(`${browser.appUrl}/v/demo`);
    await context.close();
  });

  it("keeps Loading... when the demo request fails", async () => {
    const { page, context } = await browser.newPage();
    await page.route("**/api/demo-qr", (route) => route.fulfill({ status: 500, body: "{}" }));
    const failed = page.waitForResponse("**/api/demo-qr");
    await page.goto("/");
    await page.getByText("Loading...").waitFor();
    await failed;
    // The page has handled the failed answer once it has nothing left to do.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await page.getByText("Loading...").isVisible()).toBe(true);
    await context.close();
  });
});
