import { describe, expect, it } from "vitest";
import { SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { recordViolations } from "./fixtures/csp";

/**
 * The recorder every screen's CSP check relies on (tests/e2e/every-screen.test.ts) sees a
 * violation when there is one: a check that cannot fail would prove nothing.
 */
const browser = useBrowser();

const SCRIPT_BLOCKED = /script-src-elem blocked inline/;
const IMAGE_BLOCKED = /img-src blocked https:\/\/example.com/;

describe("the recorder", () => {
  it("sees a violation when there is one (an inline script and a third-party image)", async () => {
    const { page, context } = await browser.newPage();
    const takeViolations = await recordViolations(page);
    await page.goto("/privacy-policy");
    await page.locator("h1").waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.body.append(script);
      const image = new Image();
      image.src = "https://example.com/tracker.png";
      document.body.append(image);
    });
    expect(await page.evaluate(() => "inlineRan" in window)).toBe(false);
    // The browser reports violations asynchronously: wait until both have been reported.
    const reported: string[] = [];
    await expect
      .poll(async () => {
        reported.push(...(await takeViolations()));
        return SCRIPT_BLOCKED.test(reported.join("\n")) && IMAGE_BLOCKED.test(reported.join("\n"));
      }, SCREEN_POLL)
      .toBe(true);
    const found = reported.join("\n");
    expect(found).toMatch(SCRIPT_BLOCKED);
    expect(found).toMatch(IMAGE_BLOCKED);
    await context.close();
  });
});
