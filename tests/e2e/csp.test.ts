import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { useScreens, visitScreen } from "./fixtures/screens";

/**
 * Every screen, with the Content-Security-Policy the app is served with (public/_headers;
 * the certificate page's own), runs without a single violation: none reported to the page's
 * `securitypolicyviolation` listeners and none in the console.
 */
const browser = useBrowser();

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Records every violation of each document, from its very first script on. */
async function recordViolations(page: Page) {
  const consoleMessages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleMessages.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ${event.sample} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  /** The violations since the last call: the document's own and the console's. */
  return async () => [...(await page.evaluate(() => window.__cspViolations.splice(0))), ...consoleMessages.splice(0)];
}

const { screensOf, tokenOf } = useScreens();

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

for (const [label, viewport] of [
  ["desktop", DESKTOP_VIEWPORT],
  ["phone", PHONE_VIEWPORT],
] as const) {
  describe(`Content-Security-Policy on a ${label}`, () => {
    for (const role of ["visitor", "owner", "admin"] as const) {
      it(`is served with, and never violated by, the ${role}'s screens`, async () => {
        const { page, context } = await browser.newPage({ viewport, token: tokenOf(role) });
        const takeViolations = await recordViolations(page);
        const unprotected: string[] = [];
        page.on("response", (response) => {
          if (response.request().resourceType() === "document" && !response.headers()["content-security-policy"]) {
            unprotected.push(response.url());
          }
        });
        const violations: string[] = [];
        for (const screen of screensOf(role)) {
          await visitScreen(page, screen);
          violations.push(...(await takeViolations()).map((violation) => `${screen.name}: ${violation}`));
        }
        await context.close();
        expect(unprotected, "pages served without a CSP").toEqual([]);
        expect(violations, violations.join("\n")).toEqual([]);
      });
    }
  });
}
