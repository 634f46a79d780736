import { describe, expect, it } from "vitest";
import { useBrowser } from "./fixtures/browser";
import { fetchApp } from "./fixtures/http";

const browser = useBrowser();

describe("public pages", () => {
  it("answers /robots.txt with real rules, not the app's HTML: pages indexable, API and workspace not", async () => {
    const res = await fetchApp("/robots.txt", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const rules = await res.text();
    expect(rules).not.toMatch(/<html/i);
    for (const line of ["User-agent: *", "Allow: /$", "Disallow: /api/", "Disallow: /admin", "Disallow: /qr-history"]) {
      expect(rules.split("\n")).toContain(line);
    }
    // Certificates stay fetchable, so crawlers can read their noindex header.
    expect(rules).not.toMatch(/^Disallow: \/v\//m);
  });

  it("shows the 404 page for an unknown path", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("There is no page at this address. The link may be broken or the address mistyped.").waitFor();
    expect(await page.getByText("Did you forget to add the page to the router?").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    await page.getByRole("link", { name: "Verify a report" }).click();
    await page.getByRole("heading", { level: 1, name: "Verify a valuation report" }).waitFor();
    await context.close();
  });

  it("Privacy Policy has its 9 sections and every stated fact", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/privacy-policy");
    await page.getByRole("heading", { name: "9. Contact Us" }).waitFor();
    const headings = await page.locator("main h2").allInnerTexts();
    expect(headings).toEqual([
      "1. Information We Collect",
      "2. How We Use Your Information",
      "3. Information Sharing",
      "4. Data Security",
      "5. Data Retention",
      "6. Your Rights",
      "7. Cookies",
      "8. Updates to This Policy",
      "9. Contact Us",
    ]);
    const text = await page.locator("main").innerText();
    for (const fact of [
      "Last updated: December 2026",
      "name and email",
      "company information",
      "phone numbers",
      "professional qualifications",
      "encrypted in transit and at rest",
      "cookies",
      "London",
      "privacy@valuseal.com",
      "legal@valuseal.com",
      "support@valuseal.com",
      "The key changes every calendar year and the old one is deleted when the year ends",
      "We keep each scan for 24 months",
      "after that only daily counts remain",
    ]) {
      expect(text).toContain(fact);
    }
    for (const right of ["Access", "Rectification", "Erasure", "Restriction", "Portability", "Objection"])
      expect(text).toContain(right);
    expect(
      await page
        .getByRole("navigation", { name: "Legal", exact: true })
        .getByRole("link", { name: "Privacy Policy" })
        .getAttribute("aria-current"),
    ).toBe("page");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    await context.close();
  });

  it("Terms of Use has its 14 sections and every commercial and legal term", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/terms-of-use");
    await page.getByRole("heading", { name: "14. Contact Information" }).waitFor();
    const headings = await page.locator("main h2").allInnerTexts();
    expect(headings).toHaveLength(14);
    expect(headings.map((h) => h.replace(/^\d+\. /, ""))).toEqual([
      "Acceptance of Terms",
      "Service Description",
      "Eligibility",
      "User Responsibilities",
      "Professional Standards",
      "Intellectual Property",
      "Payment and Billing",
      "Service Availability",
      "Limitation of Liability",
      "Data and Privacy",
      "Termination",
      "Governing Law",
      "Changes to Terms",
      "Contact Information",
    ]);
    const text = await page.locator("main").innerText();
    for (const fact of [
      "January 2025",
      "Registration is free",
      "pay-per-use",
      "no monthly fees",
      "Payment is required before a code is generated",
      "non-refundable unless otherwise specified",
      "at least 18 years old",
      "legal authority",
      "12 months",
      "remain functional",
      "England and Wales",
      "London",
      "legal@valuseal.com",
    ]) {
      expect(text).toContain(fact);
    }
    expect(
      await page
        .getByRole("navigation", { name: "Legal", exact: true })
        .getByRole("link", { name: "Terms of Use" })
        .getAttribute("aria-current"),
    ).toBe("page");
    await context.close();
  });
});
