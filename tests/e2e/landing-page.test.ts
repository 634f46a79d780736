import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { decodeQrImage } from "./fixtures/qr-images";

/**
 * The landing page a visitor sees at /: its sections and the live demo code.
 */
const browser = useBrowser();

describe("landing page", () => {
  it("on a phone keeps the top bar on one row and every button readable (axe colour contrast)", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto("/");
    const dashboardButton = page.getByRole("button", { name: "Valuer Dashboard" });
    await dashboardButton.waitFor();
    // One row: the brand and the button share a line, and the button's text fits inside it.
    const [brand, button] = [
      (await page.getByRole("link", { name: "ValuSeal" }).first().boundingBox())!,
      (await dashboardButton.boundingBox())!,
    ];
    expect(Math.abs(brand.y + brand.height / 2 - (button.y + button.height / 2))).toBeLessThan(4);
    expect(await dashboardButton.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoHorizontalScroll(page);

    await page.evaluate(await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
    const results = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      const { passes, violations, incomplete } = await axe.run(
        { include: [["button"]] },
        { runOnly: { type: "rule", values: ["color-contrast"] } },
      );
      const texts = (results: typeof passes) =>
        results.flatMap((result) =>
          result.nodes.map((node) => document.querySelector(String(node.target[0]))?.textContent?.trim()),
        );
      return { passes: texts(passes), violations: texts(violations), incomplete: texts(incomplete) };
    });
    // Every landing button is measured and passes; none is left undecided (as over a gradient).
    expect(results.violations).toEqual([]);
    expect(results.incomplete).toEqual([]);
    expect(results.passes).toEqual(
      expect.arrayContaining(["Valuer Dashboard", "Start Free Trial", "Sign In", "Create your free account"]),
    );
    await context.close();
  });

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
