import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RECENT_VALUATION, RECENT_VALUATION_DAYS, valuationDay } from "../shared/dates";
import { registerOwnerViaApi } from "./fixtures/accounts";
import {
  expectNoHorizontalScroll,
  expectToast,
  holdRequests,
  PHONE_VIEWPORT,
  SCREEN_POLL,
  useBrowser,
} from "./fixtures/browser";
import { createCodeViaApi, type CreatedCode, fillRealEstateCode } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { clipboardPng, decodeQrPng, downloadedFile, expectPrintQualityQr, inspectQrSvg } from "./fixtures/qr-images";
import { createValuerViaApi } from "./fixtures/valuers";

const browser = useBrowser();

const NO_VALUERS = "No valuers available. Please add a valuer first.";
const PROMPT = "Fill out the form to generate your QR code";

/** Makes every clipboard write fail, as a browser that refuses the permission would. */
const refuseClipboard = (page: Page) =>
  page.addInitScript(() => {
    navigator.clipboard.write = () => Promise.reject(new DOMException("Write permission denied", "NotAllowedError"));
  });

/**
 * An owner with one active valuer, on the create page. With `fakeClock`, the page's timers run on
 * Playwright's clock: time flows as usual, and a test can jump it forward (page.clock.runFor).
 */
async function openCreatePage(
  options: {
    withValuer?: boolean;
    viewport?: { width: number; height: number };
    clipboardFails?: boolean;
    fakeClock?: boolean;
  } = {},
) {
  const owner = await registerOwnerViaApi();
  const valuer = options.withValuer === false ? null : await createValuerViaApi(owner.token);
  const { page, context } = await browser.newPage({ token: owner.token, viewport: options.viewport });
  if (options.clipboardFails) await refuseClipboard(page);
  if (options.fakeClock) await page.clock.install();
  await page.goto("/create-qr");
  await page.getByRole("heading", { name: "Create Unique Code for your valuation report" }).waitFor();
  if (valuer) await page.getByRole("option", { name: "Jane Wanjiku (MRICS)" }).waitFor({ state: "attached" });
  return { owner, valuer, page, context };
}

const optionTexts = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator("option").allInnerTexts();

describe("create code form rules", () => {
  it("shows the two sections, the options and defaults, and masks the date and market value", async () => {
    const { page, context } = await openCreatePage();
    await page.getByRole("region", { name: "Property Information" }).waitFor();
    await page.getByRole("region", { name: "Valuation Details" }).waitFor();
    await page.getByText(PROMPT, { exact: true }).waitFor();

    expect(await optionTexts(page, "Property Type *")).toEqual([
      "Select property type",
      "Real Estate",
      "Loose Assets",
      "Motor Vehicle",
      "Plant and Machinery",
      "Other",
    ]);
    expect(await optionTexts(page, "Currency")).toEqual(["USD", "KES"]);
    // A firm in Kenya's time zone starts in shillings (decision 052).
    await expect.poll(() => page.getByLabel("Currency").inputValue(), SCREEN_POLL).toBe("KES");
    expect(await optionTexts(page, "Building Size Unit")).toEqual(["sqft", "sqm"]);
    expect(await page.getByLabel("Building Size Unit").inputValue()).toBe("sqft");
    expect(await optionTexts(page, "Land Size Unit")).toEqual(["acres", "hectares", "sqft"]);
    expect(await page.getByLabel("Land Size Unit").inputValue()).toBe("acres");

    // Valuation date: today by default, DD/MM/YYYY typed with slashes inserted, at most 10 characters.
    const date = page.getByLabel("Valuation Date");
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
    });
    expect(await date.inputValue()).toBe(today);
    expect(await date.getAttribute("maxlength")).toBe("10");
    await date.fill("");
    await date.pressSequentially("15012025");
    expect(await date.inputValue()).toBe("15/01/2025");
    await date.pressSequentially("99");
    expect(await date.inputValue()).toBe("15/01/2025");
    await date.fill("");
    await date.pressSequentially("3a1-1/");
    expect(await date.inputValue()).toBe("31/1");
    await date.fill("15.01.2025");
    expect(await date.inputValue()).toBe("15/01/2025");

    // Market value: digits only, commas stripped, shown with thousands separators, empty to start
    // with (a "0" left in place was sent unnoticed).
    const value = page.getByLabel("Market Value");
    expect(await value.inputValue()).toBe("");
    await value.fill("");
    await value.pressSequentially("1250000");
    expect(await value.inputValue()).toBe("1,250,000");
    await value.fill("12,34x5.67");
    expect(await value.inputValue()).toBe("1,234,567");
    await context.close();
  });

  it("switches to Motor Vehicle: no location or sizes, vehicle labels, and the reference is required", async () => {
    const { page, context } = await openCreatePage();
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.getByRole("combobox", { name: "Property Location" }).waitFor();
    await page.getByLabel("Building Size", { exact: true }).waitFor();

    await page.getByLabel("Property Type").selectOption("Motor Vehicle");
    await page.getByLabel("Vehicle Reference Number *").waitFor();
    await page.getByLabel("Vehicle Description").waitFor();
    for (const hidden of ["Property Location", "Building Size", "Land Size", "Property Reference"]) {
      expect(await page.getByLabel(hidden).count(), hidden).toBe(0);
    }
    await page.getByLabel("Market Value").fill("2500000");
    await page.getByLabel("Signing Valuer").selectOption({ label: "Jane Wanjiku (MRICS)" });
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await page.getByText("Vehicle Reference Number is required", { exact: true }).waitFor();
    expect(await page.getByText("Property location is required").count()).toBe(0);

    // Any other type: the reference is optional again and the location is required.
    await page.getByLabel("Property Type").selectOption("Loose Assets");
    await page.getByLabel("Property Reference").waitFor();
    expect(await page.locator("label", { hasText: "Property Reference" }).innerText()).toBe("Property Reference");
    await page.getByRole("combobox", { name: "Property Location *" }).waitFor();
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await page.getByText("Property location is required", { exact: true }).waitFor();
    expect(posts.filter((url) => url.endsWith("/api/qr-codes"))).toEqual([]);
    await context.close();
  });

  it("disables submit with the spec's message while the company has no valuers", async () => {
    const { page, context } = await openCreatePage({ withValuer: false });
    await page.getByText(NO_VALUERS, { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Generate QR Code" }).isDisabled()).toBe(true);
    await page.getByRole("link", { name: "Add a valuer" }).click();
    await page.waitForURL("**/valuers");
    await context.close();
  });

  it("offers location suggestions as a keyboard listbox that Escape closes", async () => {
    const { page, context } = await openCreatePage({ fakeClock: true });
    const searches: string[] = [];
    page.on("request", (request) => request.url().includes("/api/locations/search") && searches.push(request.url()));
    const location = page.getByRole("combobox", { name: "Property Location" });
    await location.pressSequentially("M");
    // The page's clock jumps past the typing pause: one character must not ask.
    await page.clock.runFor(400);
    expect(searches).toEqual([]);
    await location.pressSequentially("ombasa");
    const listbox = page.getByRole("listbox", { name: "Location suggestions" });
    await listbox.getByRole("option", { name: "Mombasa, Kenya", exact: true }).waitFor();
    expect(searches.length).toBe(1); // debounced: one request for the whole word
    expect(new URL(searches[0]!).searchParams.get("q")).toBe("Mombasa");
    expect(await listbox.getByRole("option").count()).toBeLessThanOrEqual(15);
    expect(await location.getAttribute("aria-expanded")).toBe("true");
    await location.press("ArrowDown");
    const activeId = await location.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${activeId}"]`).getAttribute("aria-selected")).toBe("true");
    await location.press("Escape");
    expect(await location.getAttribute("aria-expanded")).toBe("false");
    expect(await location.inputValue()).toBe("Mombasa");
    await context.close();
  });
});

describe("generating a code", () => {
  it("by keyboard alone: Tab through the form, fill what it asks, Enter, and the focus is on the new code", async () => {
    const { page, context } = await openCreatePage();
    await page.getByRole("option", { name: "Jane Wanjiku (MRICS)" }).waitFor({ state: "attached" });
    /** The focused control's name, as a keyboard user hears it. */
    const focusedName = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        const label = element?.labels?.[0]?.textContent ?? element?.getAttribute("aria-label") ?? element?.textContent;
        return (label ?? "").replace(/\s*\*$/, "").trim();
      });
    const typed = new Set<string>();
    for (let step = 0; step < 80; step += 1) {
      await page.keyboard.press("Tab");
      const name = await focusedName();
      if (name === "Generate QR Code") break;
      if (typed.has(name)) continue;
      typed.add(name);
      if (name === "Property Type") await page.keyboard.type("Real Estate");
      if (name === "Property Location") {
        await page.keyboard.type("Westla");
        await page.getByRole("option", { name: "Westlands, Nairobi, Kenya", exact: true }).waitFor();
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
      }
      if (name === "Valuation Date") await page.keyboard.type(RECENT_VALUATION.dayMonthYear);
      if (name === "Market Value") await page.keyboard.type("1250000");
      if (name === "Signing Valuer") await page.keyboard.type("Jane");
    }
    expect(await focusedName()).toBe("Generate QR Code");
    expect([...typed]).toEqual(
      expect.arrayContaining([
        "Property Type",
        "Property Location",
        "Valuation Date",
        "Market Value",
        "Signing Valuer",
      ]),
    );
    await page.keyboard.press("Enter");
    await expectToast(page, "QR Code generated successfully!");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), SCREEN_POLL)
      .toMatch(/^New code generated: VS-/);
    await context.close();
  });

  it("submits, shows the preview, and copies and downloads a print-quality PNG of the public address", async () => {
    const { page, context } = await openCreatePage();
    await fillRealEstateCode(page);
    const release = await holdRequests(page, "**/api/qr-codes");
    const created = page.waitForResponse((res) => res.url().endsWith("/api/qr-codes") && res.status() === 201);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    const submitting = page.getByRole("button", { name: "Generating QR Code..." });
    await submitting.waitFor();
    expect(await submitting.isDisabled()).toBe(true);
    release();
    const code = (await (await created).json()) as CreatedCode & { marketValue: string; valuationDate: string };
    expect(code).toMatchObject({
      propertyAddress: "Westlands, Nairobi, Kenya",
      marketValue: "1250000.00",
      currency: "KES",
      valuationDate: RECENT_VALUATION.timestamp,
      propertySize: "1800.00",
      propertySizeUnit: "sqft",
    });
    expect(await expectToast(page, "QR Code generated successfully!")).toBe("default");
    await page.getByRole("button", { name: "Generate QR Code" }).waitFor();
    // The focus moves to the new code, so the keyboard goes on to it rather than back up a cleared form.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), SCREEN_POLL)
      .toBe(`New code generated: ${code.verificationCode}`);

    const preview = page.getByAltText("Verification QR code for Westlands, Nairobi, Kenya");
    expect(await preview.getAttribute("width")).toBe("200");
    expect(await preview.getAttribute("src")).toBe(code.qrCodeDataUrl);
    for (const text of ["VAL-2025-077", "Westlands, Nairobi, Kenya", "KSh 1,250,000.00"]) {
      await page.getByText(text, { exact: true }).last().waitFor();
    }
    expect(await page.getByText(PROMPT).count()).toBe(0);
    const address = `${browser.appUrl}/v/${code.publicToken}`;
    expect(code.qrCodeData).toBe(address);

    await page.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "Copied!");
    await expectPrintQualityQr(page, await clipboardPng(page), address);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    const file = await downloadedFile(download);
    expect(file.name).toBe(`qr-code-${code.id}.png`);
    await expectToast(page, "Downloaded!");
    await expectPrintQualityQr(page, file.bytes, address);

    // The report can be sealed with the new code at once, from the preview.
    await page.getByRole("button", { name: "Seal report PDF" }).click();
    await page.getByRole("dialog", { name: "Seal report PDF" }).getByLabel("Final report (PDF)").waitFor();
    await context.close();
  });

  it("creates a Motor Vehicle code with no location or sizes, on a phone; a refused copy says so", async () => {
    const { page, context } = await openCreatePage({ viewport: PHONE_VIEWPORT, clipboardFails: true });
    await page.getByLabel("Property Type").selectOption("Motor Vehicle");
    await page.getByLabel("Vehicle Reference Number *").fill("KDA 123A");
    await page.getByLabel("Vehicle Description").fill("Toyota Land Cruiser 2021, white");
    await page.getByLabel("Market Value").fill("6500000");
    await page.getByLabel("Currency").selectOption("KES");
    await page.getByLabel("Signing Valuer").selectOption({ label: "Jane Wanjiku (MRICS)" });
    const created = page.waitForResponse((res) => res.url().endsWith("/api/qr-codes") && res.status() === 201);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    const code = await (await created).json();
    expect(code).toMatchObject({
      propertyType: "Motor Vehicle",
      propertyReference: "KDA 123A",
      propertyAddress: "",
      propertySize: null,
      landSize: null,
      marketValue: "6500000.00",
      currency: "KES",
    });
    await expectToast(page, "QR Code generated successfully!");
    await page.getByText("KSh 6,500,000.00", { exact: true }).waitFor();
    // A vehicle is named by its description.
    await page.getByAltText("Verification QR code for Toyota Land Cruiser 2021, white").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await page.getByRole("button", { name: "Copy" }).click();
    expect(await expectToast(page, "Copy failed", "Could not copy QR code to clipboard")).toBe("destructive");
    await context.close();
  });
  it("makes one code from a double click on a phone, then empties the form so the details are not sent again", async () => {
    const { owner, page, context } = await openCreatePage({ viewport: PHONE_VIEWPORT });
    const countCodes = async () => (await apiCall<unknown[]>("/api/qr-codes", { token: owner.token })).length;
    expect(await countCodes()).toBe(0);
    const sent: string[] = [];
    const answered: number[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/qr-codes")) {
        sent.push(request.headers()["idempotency-key"] ?? "");
      }
    });
    page.on("response", (res) => {
      if (res.request().method() === "POST" && res.url().endsWith("/api/qr-codes")) answered.push(res.status());
    });
    await fillRealEstateCode(page);

    await page.getByRole("button", { name: "Generate QR Code" }).dblclick();
    await expectToast(page, "QR Code generated successfully!");
    await expect.poll(() => answered.length, SCREEN_POLL).toBe(sent.length);
    expect(answered.every((status) => status === 201)).toBe(true);
    // However many requests the double click sent, they carried one key, and the server made one code.
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await countCodes()).toBe(1);
    await page.getByAltText("Verification QR code for Westlands, Nairobi").waitFor();

    // The form is empty again: pressing Generate asks for the details instead of sending them twice.
    expect(await page.getByLabel("Property Type").inputValue()).toBe("");
    expect(await page.getByRole("combobox", { name: "Property Location" }).inputValue()).toBe("");
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await page.getByText("Property type is required", { exact: true }).waitFor();
    // GOV.UK's error summary: at the top, focused, one link per field to fix, each taking the focus to it.
    const summary = page.getByLabel("There is a problem");
    await expect.poll(() => summary.evaluate((box) => box === document.activeElement), SCREEN_POLL).toBe(true);
    const fixes = await summary.getByRole("link").allInnerTexts();
    expect(fixes).toEqual(expect.arrayContaining(["Property Type", "Property Location", "Market Value"]));
    await summary.getByRole("link", { name: "Property Type" }).click();
    expect(await page.getByLabel("Property Type").evaluate((field) => field === document.activeElement)).toBe(true);
    expect(sent).toHaveLength(answered.length);
    expect(await countCodes()).toBe(1);
    await expectNoHorizontalScroll(page);
    await context.close();
  });

  it("sends Generate again after a lost answer with the same key, and gets the code already made", async () => {
    const { owner, page, context } = await openCreatePage({ viewport: PHONE_VIEWPORT });
    const keys: string[] = [];
    let lostAnswer: { status: number; id: number } | undefined;
    // The first request reaches the server, which makes the code, but its answer never reaches the page.
    await page.route("**/api/qr-codes", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (lostAnswer) return route.fallback();
      const res = await route.fetch();
      lostAnswer = { status: res.status(), id: ((await res.json()) as CreatedCode).id };
      await route.abort("connectionreset");
    });
    await fillRealEstateCode(page);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expectToast(page, "Error", "Failed to generate QR code. Please try again.");
    expect(lostAnswer?.status).toBe(201);

    const answered = page.waitForResponse((res) => res.url().endsWith("/api/qr-codes") && res.status() === 201);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    const retried = await answered;
    expect(((await retried.json()) as CreatedCode).id).toBe(lostAnswer!.id);
    await expectToast(page, "QR Code generated successfully!");
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await apiCall<unknown[]>("/api/qr-codes", { token: owner.token })).toHaveLength(1);
    await context.close();
  });
});

describe("create code errors", () => {
  it("shows the server's validation errors, its message, or the generic text", async () => {
    const { owner, valuer, page, context } = await openCreatePage();
    await fillRealEstateCode(page);
    // The valuer is deleted after the form loaded: the real server refuses the signer.
    await apiCall(`/api/valuers/${valuer!.id}`, { token: owner.token, method: "DELETE" });
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    expect(
      await expectToast(page, "Error", "Validation errors: valuerId: Choose an active valuer of your company"),
    ).toBe("destructive");
    // And on the field the server named, where the owner chooses another valuer.
    const signer = page.getByLabel("Signing Valuer");
    await page.getByRole("alert").filter({ hasText: "Choose an active valuer of your company" }).first().waitFor();
    expect(await signer.getAttribute("aria-invalid")).toBe("true");

    await page.route("**/api/qr-codes", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Validation failed",
          errors: [
            "marketValue: Market value must be greater than 0",
            "valuationDate: Enter a real date as DD/MM/YYYY",
          ],
        }),
      }),
    );
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expectToast(
      page,
      "Error",
      "Validation errors: marketValue: Market value must be greater than 0, valuationDate: Enter a real date as DD/MM/YYYY",
    );

    await page.unroute("**/api/qr-codes");
    await page.route("**/api/qr-codes", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ message: "Company is inactive" }),
      }),
    );
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expectToast(page, "Error", "Company is inactive");

    await page.unroute("**/api/qr-codes");
    await page.route("**/api/qr-codes", (route) => route.abort());
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expectToast(page, "Error", "Failed to generate QR code. Please try again.");
    expect(await page.getByText(PROMPT).count()).toBe(1);
    await context.close();
  });

  it("validates in the browser with the shared schema before sending", async () => {
    const { page, context } = await openCreatePage();
    await page.getByLabel("Valuation Date").fill("31022025");
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await page.getByText("Property type is required", { exact: true }).waitFor();
    await page.getByText("Enter a real date as DD/MM/YYYY", { exact: true }).waitFor();
    await page.getByText("Market value must be greater than 0", { exact: true }).waitFor();
    await page.getByText("Signing valuer is required", { exact: true }).waitFor();
    await context.close();
  });

  it("sends a signed-out user to /api/login, which lands on / with the sign-in dialog", async () => {
    const { owner, page, context } = await openCreatePage();
    await fillRealEstateCode(page);
    await apiCall("/api/logout", { token: owner.token, method: "POST" });
    const loginRequest = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/login");
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    expect(await expectToast(page, "Unauthorized", "You are logged out. Logging in again...")).toBe("destructive");
    expect((await loginRequest).isNavigationRequest()).toBe(true);
    await page.getByRole("dialog", { name: "Sign In" }).waitFor();
    const landed = new URL(page.url());
    expect([landed.pathname, landed.search]).toEqual(["/", "?signin=1"]);
    await context.close();
  });
});

const historyRows = (page: Page) => page.locator("tbody tr");

/** Applies the history filters with the Search button and waits for the server's filtered answer. */
async function searchHistory(page: Page, filters: { search?: string; type?: string; date?: string }) {
  await page.getByLabel("Search by address, reference or verification code").fill(filters.search ?? "");
  await page.getByLabel("Property Type").selectOption({ label: filters.type ?? "All" });
  await page.getByLabel("Valuation Date").fill(filters.date ?? "");
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/qr-codes");
  await page.getByRole("button", { name: "Search" }).click();
  const query = new URL((await answered).url()).searchParams;
  return { search: query.get("search"), propertyType: query.get("propertyType"), date: query.get("date") };
}

describe("QR history (/qr-history)", () => {
  it("filters by address, type and date on the server, shows status and money, views and downloads", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const house = await createCodeViaApi(owner.token, valuer.id);
    const car = await createCodeViaApi(owner.token, valuer.id, {
      propertyType: "Motor Vehicle",
      propertyAddress: undefined,
      propertyReference: "KDA 123A",
      propertyArea: "Toyota Land Cruiser",
      valuationDate: valuationDay(RECENT_VALUATION_DAYS - 10).dayMonthYear,
      marketValue: 25000,
      currency: "USD",
    });
    const plant = await createCodeViaApi(owner.token, valuer.id, {
      propertyType: "Plant and Machinery",
      propertyAddress: "Mombasa Road Industrial Park",
      propertyReference: "PM-9",
      marketValue: 1250000,
      currency: "USD",
    });
    await apiCall(`/api/qr-codes/${plant.id}/revoke`, { token: owner.token, body: { reason: "Issued in error" } });

    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/qr-history");
    await page.getByRole("heading", { name: "QR History" }).waitFor();
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(3);
    const headers = await page.getByRole("columnheader").allInnerTexts();
    expect(headers.map((text) => text.toLowerCase())).toEqual([
      "property details",
      "valuation date",
      "market value",
      "status",
      "actions",
    ]);
    const houseRow = historyRows(page).filter({ hasText: "12 Riverside Drive" });
    expect(await houseRow.innerText()).toMatch(
      new RegExp(`${RECENT_VALUATION.dayMonthYear}[\\s\\S]*KSh 45,000,000\\.00[\\s\\S]*Valid`),
    );
    const plantRow = historyRows(page).filter({ hasText: "Mombasa Road Industrial Park" });
    expect(await plantRow.innerText()).toMatch(/\$ 1,250,000\.00[\s\S]*Revoked/);
    expect(await plantRow.getByText("Valid", { exact: true }).count()).toBe(0);
    expect(await historyRows(page).filter({ hasText: "KDA 123A" }).innerText()).toMatch(
      /Motor Vehicle[\s\S]*\$ 25,000\.00/,
    );

    expect(await searchHistory(page, { search: "riverside" })).toEqual({
      search: "riverside",
      propertyType: null,
      date: null,
    });
    await expect
      .poll(() => historyRows(page).allInnerTexts(), SCREEN_POLL)
      .toEqual([expect.stringContaining("12 Riverside Drive")]);
    // The applied filters live in the address: a reload keeps them.
    await page.reload();
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(1);
    expect(await page.getByLabel("Search by address, reference or verification code").inputValue()).toBe("riverside");

    expect((await searchHistory(page, { type: "Motor Vehicle" })).propertyType).toBe("Motor Vehicle");
    await expect
      .poll(() => historyRows(page).allInnerTexts(), SCREEN_POLL)
      .toEqual([expect.stringContaining("KDA 123A")]);

    // Typed as digits; the mask adds the slashes.
    const typedDate = RECENT_VALUATION.dayMonthYear.replaceAll("/", "");
    expect((await searchHistory(page, { date: typedDate })).date).toBe(RECENT_VALUATION.dayMonthYear);
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(2);
    expect(await historyRows(page).filter({ hasText: "KDA 123A" }).count()).toBe(0);

    await searchHistory(page, { search: "nowhere at all" });
    await page.getByText("No QR codes found", { exact: true }).waitFor();
    expect(await historyRows(page).count()).toBe(0);

    await page.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(3);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download QR code for Toyota Land Cruiser" }).click(),
    ]);
    const file = await downloadedFile(download);
    expect(file.name).toBe(`qr-code-${car.id}.png`);
    await expectToast(page, "Downloaded!");
    await expectPrintQualityQr(page, file.bytes, car.qrCodeData);

    await page.getByRole("link", { name: "View 12 Riverside Drive, Westlands, Nairobi" }).click();
    await page.waitForURL(`**/qr/${house.id}`);
    await page.getByRole("heading", { name: "12 Riverside Drive, Westlands, Nairobi" }).waitFor();
    await context.close();
  });

  it("shows the empty state, pages through 21 codes, and shows each code as a labelled card on a phone", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/qr-history");
    await page.getByText("No QR codes found", { exact: true }).waitFor();

    for (let n = 1; n <= 21; n += 1) {
      await createCodeViaApi(owner.token, valuer.id, {
        propertyAddress: `Plot ${n}, Kilimani`,
        propertyReference: `P-${n}`,
      });
    }
    await page.reload();
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(20);
    const pages = page.getByRole("navigation", { name: "QR code pages" });
    await pages.getByText("Showing 1–20 of 21").waitFor();
    expect(await historyRows(page).first().innerText()).toContain("Plot 21, Kilimani");
    await pages.getByRole("button", { name: "Next" }).click();
    await pages.getByText("Showing 21–21 of 21").waitFor();
    expect(await historyRows(page).allInnerTexts()).toEqual([expect.stringContaining("Plot 1, Kilimani")]);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");

    // Nothing hides off-screen: neither the page nor the table scrolls sideways, and the value,
    // status and actions of the code sit inside the screen beside their column names.
    const scroller = page.locator("table").locator("xpath=..");
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await expectNoHorizontalScroll(page);
    const card = historyRows(page).first();
    const shownLabels = await card
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(shownLabels.slice(1)).toEqual(['"Valuation Date"', '"Market Value"', '"Status"', '"Actions"']);
    for (const control of [
      card.getByText("Valid", { exact: true }),
      card.getByRole("link", { name: "View Plot 1, Kilimani" }),
      card.getByRole("button", { name: "Download QR code for Plot 1, Kilimani" }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    }
    await context.close();
  });
});

/** The value shown under a detail label. */
const detailValue = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .innerText();

describe("code detail (/qr/:id)", () => {
  it("shows the code at 300 px, every property detail, the public address, and copies and downloads", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    await page.getByRole("heading", { name: "12 Riverside Drive, Westlands, Nairobi" }).waitFor();

    const image = page.getByAltText("Verification QR code for 12 Riverside Drive, Westlands, Nairobi");
    expect(await image.getAttribute("width")).toBe("300");
    expect((await image.boundingBox())?.width).toBe(300);
    expect(await image.getAttribute("src")).toBe(code.qrCodeDataUrl);
    await page.getByText("VAL-2025-001", { exact: true }).first().waitFor();

    expect(await detailValue(page, "Property Location")).toBe("12 Riverside Drive, Westlands, Nairobi");
    expect(await detailValue(page, "Description")).toBe("Four-bedroom maisonette on a half-acre plot");
    expect(await detailValue(page, "Property Type")).toBe("Real Estate");
    expect(await detailValue(page, "Building Size")).toBe("2,450 sqft");
    expect(await detailValue(page, "Land Size")).toBe("0.5 acres");
    expect(await detailValue(page, "Market Value")).toBe("KSh 45,000,000.00");
    expect(await detailValue(page, "Valuation Date")).toBe(RECENT_VALUATION.long);
    expect(await detailValue(page, "Signing Valuer")).toBe("Jane Wanjiku\nMRICS");
    expect(await detailValue(page, "Verification Count")).toBe("0");

    const address = `${browser.appUrl}/v/${code.publicToken}`;
    expect(await page.getByRole("link", { name: address }).getAttribute("href")).toBe(address);

    await page.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "QR Code Copied");
    await expectPrintQualityQr(page, await clipboardPng(page), address);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    const file = await downloadedFile(download);
    expect(file.name).toBe("qr-code-VAL-2025-001.png");
    await expectToast(page, "QR Code Downloaded");
    await expectPrintQualityQr(page, file.bytes, address);
    await context.close();
  });

  it("names the download after the id when there is no reference, and says when copying fails", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id, { propertyReference: undefined });
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await refuseClipboard(page);
    await page.goto(`/qr/${code.id}`);
    await page.getByRole("button", { name: "Copy" }).click();
    expect(await expectToast(page, "Copy Failed", "Failed to copy QR code. Please try downloading instead.")).toBe(
      "destructive",
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`qr-code-${code.id}.png`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await context.close();
  });

  it("answers a missing id and another company's code with QR Code Not Found and a way back", async () => {
    const other = await registerOwnerViaApi();
    const othersCode = await createCodeViaApi(other.token, (await createValuerViaApi(other.token)).id);
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    for (const id of ["999999999", String(othersCode.id), "not-a-number"]) {
      await page.goto(`/qr/${id}`);
      await page.getByRole("heading", { name: "QR Code Not Found" }).waitFor();
      await page.getByText("The requested QR code could not be found.", { exact: true }).waitFor();
      expect(await page.getByText("12 Riverside Drive").count()).toBe(0);
    }
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await context.close();
  });
});

/** A day relative to today as the form types it (DD/MM/YYYY): negative is in the past. */
function dayMonthYear(daysFromToday: number) {
  const day = new Date(Date.now() + daysFromToday * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`;
}

/** A date as the screens write it ("15 April 2025"). */
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The text announced for a field: its error or hint (aria-describedby). */
const describedText = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? "");

describe("lender fields, validity and the verification code", () => {
  it("on a phone stores the lender fields typed, and shows them and the verification code", async () => {
    const { owner, page, context } = await openCreatePage({ viewport: PHONE_VIEWPORT });
    // The hint names the company's own validity period once the company is read.
    await page.getByText("Leave empty for the valuation date plus your company's validity period (90 days).").waitFor();
    await fillRealEstateCode(page);
    const valuationDate = dayMonthYear(-20);
    await page.getByLabel("Valuation Date").fill(valuationDate);
    await page.getByLabel("Prepared For").fill("Equity Bank Kenya");
    expect(await optionTexts(page, "Purpose")).toEqual([
      "—",
      "Secured lending",
      "Sale or purchase",
      "Insurance",
      "Legal or probate",
      "Financial reporting",
      "Other",
    ]);
    await page.getByLabel("Purpose").selectOption("Secured lending");
    const inspection = page.getByLabel("Inspection Date");
    await inspection.pressSequentially(dayMonthYear(-22).replace(/\//g, ""));
    expect(await inspection.inputValue()).toBe(dayMonthYear(-22));
    const forcedSale = page.getByLabel("Forced Sale Value");
    await forcedSale.pressSequentially("950000");
    expect(await forcedSale.inputValue()).toBe("950,000");
    await page.getByLabel("Title Number").fill("LR No. 209/1234");
    expect(await page.getByLabel("Title Number").getAttribute("placeholder")).toBe("e.g. LR No. 209/1234");
    await expectNoHorizontalScroll(page);

    const created = page.waitForResponse((res) => res.url().endsWith("/api/qr-codes") && res.status() === 201);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    const { id } = (await (await created).json()) as { id: number };
    const code = await apiCall(`/api/qr-codes/${id}`, { token: owner.token });
    expect(code).toMatchObject({
      addressee: "Equity Bank Kenya",
      purpose: "Secured lending",
      titleNumber: "LR No. 209/1234",
      status: "valid",
    });
    expect(Number(code.forcedSaleValue)).toBe(950000);
    expect(longDate(code.inspectionDate)).toBe(longDate(new Date(Date.now() - 22 * 86_400_000).toISOString()));
    // Left empty, Valid Until is the valuation date plus the company's 90 days.
    expect(new Date(code.validUntil).getTime() - new Date(code.valuationDate).getTime()).toBe(90 * 86_400_000);
    expect(code.verificationCode).toMatch(/^VS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    const verification: string = code.verificationCode;
    await expect.poll(() => page.getByTestId("verification-code").innerText(), SCREEN_POLL).toBe(verification);

    await page.goto(`/qr/${id}`);
    await page.getByRole("heading", { name: "Property Details" }).waitFor();
    expect(await detailValue(page, "Prepared For")).toBe("Equity Bank Kenya");
    expect(await detailValue(page, "Purpose")).toBe("Secured lending");
    expect(await detailValue(page, "Title Number")).toBe("LR No. 209/1234");
    expect(await detailValue(page, "Forced Sale Value")).toBe("KSh 950,000.00");
    expect(await detailValue(page, "Inspection Date")).toBe(longDate(code.inspectionDate));
    expect(await detailValue(page, "Valid Until")).toBe(longDate(code.validUntil));
    // The status is shown once, in the Verification Status panel.
    await page.getByRole("region", { name: "Verification Status" }).getByText("Valid", { exact: true }).waitFor();
    const shown = page.getByTestId("verification-code");
    expect(await shown.innerText()).toBe(verification);
    expect(await shown.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
    await expectNoHorizontalScroll(page);
    await context.close();
  });

  it("shows the schema's error under Forced Sale Value, and offers Title Number only for Real Estate", async () => {
    const { page, context } = await openCreatePage({ viewport: PHONE_VIEWPORT });
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await fillRealEstateCode(page);
    await page.getByLabel("Title Number").waitFor();
    await page.getByLabel("Market Value").fill("1000000");
    await page.getByLabel("Forced Sale Value").fill("1200000");
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expect
      .poll(() => describedText(page, "Forced Sale Value"), SCREEN_POLL)
      .toBe("Forced sale value cannot be above the market value");
    expect(posts).toEqual([]);

    await page.getByLabel("Property Type").selectOption("Motor Vehicle");
    await page.getByLabel("Vehicle Reference Number *").waitFor();
    expect(await page.getByLabel("Title Number").count()).toBe(0);
    await page.getByLabel("Property Type").selectOption("Real Estate");
    await page.getByLabel("Title Number").waitFor();
    await context.close();
  });

  it("filters the history by status (Expired lists only the expired code) and by purpose", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    await createCodeViaApi(owner.token, valuer.id, {
      propertyAddress: "1 Current Road, Nairobi",
      valuationDate: dayMonthYear(-20),
      purpose: "Secured lending",
    });
    const expired = await createCodeViaApi(owner.token, valuer.id, {
      propertyAddress: "2 Lapsed Road, Nairobi",
      valuationDate: dayMonthYear(-400),
      purpose: "Insurance",
    });
    await createCodeViaApi(owner.token, valuer.id, {
      propertyAddress: "3 Insured Road, Nairobi",
      valuationDate: dayMonthYear(-10),
      purpose: "Insurance",
    });
    expect((await apiCall(`/api/qr-codes/${expired.id}`, { token: owner.token })).status).toBe("expired");

    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/qr-history?page=1");
    await historyRows(page).nth(2).waitFor();
    expect(await optionTexts(page, "Status")).toEqual(["All", "Valid", "Expired", "Revoked", "Superseded"]);
    await expectNoHorizontalScroll(page);

    const apply = async () => {
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/qr-codes");
      await page.getByRole("button", { name: "Search" }).click();
      return new URL((await answered).url()).searchParams;
    };
    await page.getByLabel("Status").selectOption({ label: "Expired" });
    const byStatus = await apply();
    expect(byStatus.get("status")).toBe("expired");
    expect(byStatus.get("page")).toBe("1");
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(1);
    expect(await historyRows(page).innerText()).toMatch(/2 Lapsed Road[\s\S]*Expired/);
    expect(new URL(page.url()).searchParams.get("status")).toBe("expired");

    await page.getByLabel("Status").selectOption({ label: "All" });
    await page.getByLabel("Purpose").selectOption({ label: "Insurance" });
    const byPurpose = await apply();
    expect(byPurpose.get("purpose")).toBe("Insurance");
    expect(byPurpose.get("status")).toBeNull();
    await expect.poll(() => historyRows(page).count(), SCREEN_POLL).toBe(2);
    const texts = (await historyRows(page).allInnerTexts()).join("\n");
    expect(texts).toContain("2 Lapsed Road");
    expect(texts).toContain("3 Insured Road");
    expect(texts).not.toContain("1 Current Road");
    await context.close();
  });

  it("downloads a PNG and an SVG that read as the address and print the verification code below the QR", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const created = await createCodeViaApi(owner.token, valuer.id, { valuationDate: dayMonthYear(-20) });
    const code = await apiCall(`/api/qr-codes/${created.id}`, { token: owner.token });
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);

    const [png] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    const pngFile = await downloadedFile(png);
    expect(pngFile.name).toBe("qr-code-VAL-2025-001.png");
    // Pure black and white QR square at whole-pixel modules, and dark text in the band below it.
    await expectPrintQualityQr(page, pngFile.bytes, code.qrCodeData);
    expect(decodeQrPng(pngFile.bytes)).toBe(code.qrCodeData);

    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download SVG" }).click(),
    ]);
    const svgFile = await downloadedFile(svg);
    expect(svgFile.name).toBe("qr-code-VAL-2025-001.svg");
    const text = svgFile.bytes.toString("utf8");
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text).toMatch(
      new RegExp(`<text [^>]*font-family="[^"]*monospace[^"]*"[^>]*>${code.verificationCode}</text>`),
    );
    const rendered = await inspectQrSvg(page, text);
    expect(rendered.decoded).toBe(code.qrCodeData);
    expect(rendered.captionDarkPixels).toBeGreaterThan(100);
    await context.close();
  });
});
