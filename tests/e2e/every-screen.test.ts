import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { recordUnprotectedDocuments, recordViolations } from "./fixtures/csp";
import { type Screen, useScreens, visitScreen } from "./fixtures/screens";

/**
 * Every screen, signed out and in, on a desktop and a 360 px phone, visited once for two checks
 * that each need every screen:
 * - accessibility: axe-core finds no violation of impact "serious" or "critical";
 * - the Content-Security-Policy the app is served with (public/_headers; the certificate page's
 *   own) is on every document and never violated, neither reported to the page's
 *   `securitypolicyviolation` listeners nor in the console (tests/e2e/csp.test.ts shows the
 *   recorder catches a violation).
 * The app's own CSP stays on while axe runs: axe is evaluated through the DevTools protocol, which
 * the page's policy does not govern.
 */
const browser = useBrowser();
const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const BLOCKING = new Set(["serious", "critical"]);

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
}

const report = (screen: Screen, findings: Finding[]) =>
  findings.map(
    ({ id, impact, help, targets }) =>
      `${screen.name} (${screen.path}): ${id} [${impact}] ${help}\n    ${targets.join("\n    ")}`,
  );

const { screensOf, tokenOf } = useScreens();

for (const [label, viewport] of [
  ["desktop 1280×800", DESKTOP_VIEWPORT],
  ["phone 360×740", PHONE_VIEWPORT],
] as const) {
  describe(`every screen on a ${label}`, () => {
    for (const role of ["visitor", "owner", "lender", "admin"] as const) {
      it(`the ${role}'s screens: no serious or critical axe violation, a CSP on every document and no violation of it`, async () => {
        const { page, context } = await browser.newPage({ viewport, token: tokenOf(role) });
        const takeViolations = await recordViolations(page);
        const unprotected = recordUnprotectedDocuments(page);
        const accessibility: string[] = [];
        const violations: string[] = [];
        let checked = 0;
        for (const screen of screensOf(role)) {
          await visitScreen(page, screen);
          const findings = await axeFindings(page);
          accessibility.push(
            ...report(
              screen,
              findings.filter((finding) => BLOCKING.has(finding.impact)),
            ),
          );
          violations.push(...(await takeViolations()).map((violation) => `${screen.name}: ${violation}`));
          checked += 1;
        }
        await context.close();
        expect(checked).toBeGreaterThan(3);
        expect(accessibility, `axe violations:\n${accessibility.join("\n")}`).toEqual([]);
        expect(unprotected, "pages served without a CSP").toEqual([]);
        expect(violations, violations.join("\n")).toEqual([]);
      });
    }
  });
}
