import { describe, expect, it } from "vitest";
import { registerOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import { expectToast, holdRequests, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";

/**
 * Registration, sign-in and sign-out through the landing page's dialogs, and how the app
 * holds the session (the token in localStorage, checked with GET /api/auth/user).
 */
const browser = useBrowser();

describe("registration and sign-in", () => {
  it("shows every registration validation message under its field", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Company name is required",
      "Invalid email address",
      "Password must be at least 10 characters",
    ]) {
      await expect(dialog.getByText(message).isVisible()).resolves.toBe(true);
    }
    // A long but common password is refused in the browser, with the reason, before anything is sent.
    await dialog.getByLabel("Password", { exact: true }).fill("password1234");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText(/^This password is too easy to guess\./).waitFor();
    await dialog.getByLabel("Password", { exact: true }).fill("quiet-harbour-lamp");
    await dialog.getByLabel("Confirm Password").fill("different-harbour");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText("Passwords don't match").waitFor();
    expect(await dialog.getByLabel("Confirm Password").getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });

  it("shows the login validation messages", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Valuer Dashboard" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByText("Invalid email address").isVisible()).resolves.toBe(true);
    await expect(dialog.getByText("Password is required").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("registers a company, is told to check the inbox, signs in, out and in again and sees the shell", async () => {
    const { page, context } = await browser.newPage();
    const email = uniqueEmail("reg");
    await page.goto("/");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("First Name").fill("Grace");
    await dialog.getByLabel("Last Name").fill("Mwangi");
    await dialog.getByLabel("Company Name").fill("Mwangi & Co Valuers");
    await dialog.getByLabel("Company Email").fill(email);
    await dialog.getByLabel("Company Phone").fill("+254711000000");
    await dialog.getByLabel("Company Location").fill("Nairobi");
    await dialog.getByLabel("Password", { exact: true }).fill("s3cure-passw0rd");
    await dialog.getByLabel("Confirm Password").fill("s3cure-passw0rd");
    const releaseRegistration = await holdRequests(page, "**/api/register");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("button", { name: "Creating Account..." }).waitFor();
    releaseRegistration();
    expect(await expectToast(page, "Registration Successful", "Check your email to confirm your address.")).toBe(
      "default",
    );
    // Registration signs nobody in (it answers a taken email the same way); the dialog says what comes next.
    await dialog.getByRole("heading", { name: "Check Your Email" }).waitFor();
    expect(await dialog.getByRole("status").innerText()).toBe(
      `We sent an email to ${email}. Follow its link to confirm your address, then sign in with your email and password.`,
    );
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("s3cure-passw0rd");
    await page.getByRole("dialog").getByRole("button", { name: "Sign In" }).click();
    expect(await expectToast(page, "Login Successful", "Welcome back!")).toBe("default");
    await page.getByRole("link", { name: "My Company Valuers" }).waitFor();
    expect(await page.getByTestId("company-name").innerText()).toBe("Mwangi & Co Valuers");
    for (const link of ["Dashboard", "Create QR Code", "QR History", "My Company Valuers"]) {
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).isVisible(),
      ).resolves.toBe(true);
    }
    expect(await page.getByRole("button", { name: "User menu" }).innerText()).toContain("Grace Mwangi");

    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByRole("button", { name: "Valuer Dashboard" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("dialog").getByRole("button", { name: "Sign In" }).click();
    // Said on the field, announced, and focused for the next try; no toast for it.
    const password = page.getByRole("dialog").getByLabel("Password");
    await page.getByRole("dialog").getByRole("alert").getByText("Invalid email or password").waitFor();
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText("Login Failed").count()).toBe(0);

    await page.getByLabel("Password").fill("s3cure-passw0rd");
    const releaseSignIn = await holdRequests(page, "**/api/login");
    await page.getByRole("dialog").getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Signing In..." }).waitFor();
    releaseSignIn();
    expect(await expectToast(page, "Login Successful", "Welcome back!")).toBe("default");
    await page.getByTestId("company-name").waitFor();
    expect(page.url()).toBe(`${browser.appUrl}/`);
    await context.close();
  });

  it("opens the sign-in dialog when the server sends a signed-out user to /api/login", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/api/login");
    await page.getByRole("dialog", { name: "Sign In" }).waitFor();
    await context.close();
  });
});

describe("session", () => {
  it("shows the Loading spinner while the user is fetched, then the shell", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    const release = await holdRequests(page, "**/api/auth/user");
    await page.goto("/qr-history");
    await page.getByRole("status").getByText("Loading").waitFor();
    release();
    await page.getByTestId("company-name").waitFor();
    await context.close();
  });

  it("removes a token the server rejects and shows the landing page on protected routes", async () => {
    const { page, context } = await browser.newPage({ token: "not-a-valid-token" });
    await page.goto("/valuers");
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await context.close();
  });

  it("keeps the session when reading the user fails for a moment (no connection, a busy server)", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    let failures = 2;
    await page.route("**/api/auth/user", async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 503, json: { message: "Service temporarily unavailable" } });
      return route.fallback();
    });
    await page.goto("/qr-history");
    await page.getByTestId("company-name").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(owner.token);
    await context.close();
  });

  it("sends no current-user request without a token", async () => {
    const { page, context } = await browser.newPage();
    const calls: string[] = [];
    page.on("request", (request) => request.url().includes("/api/auth/user") && calls.push(request.url()));
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(calls).toEqual([]);
    await context.close();
  });

  it("on a phone hides the side bar and company name and offers the slide-out menu", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "My Company Valuers" }).waitFor();
    // The drawer lies wholly on the screen, from its left edge, with all four links in view.
    const inViewport = (box: { x: number; y: number; width: number; height: number }) =>
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= PHONE_VIEWPORT.width &&
      box.y + box.height <= PHONE_VIEWPORT.height;
    const drawer = (await menu.boundingBox())!;
    expect(drawer).toMatchObject({ x: 0, y: 0 });
    expect(inViewport(drawer)).toBe(true);
    for (const name of ["Dashboard", "Create QR Code", "QR History", "My Company Valuers"]) {
      const link = menu.getByRole("link", { name, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(inViewport((await link.boundingBox())!), `${name} is on the screen`).toBe(true);
    }
    await expect.poll(() => page.title(), SCREEN_POLL).toBe("Dashboard · ValuSeal");
    await menu.getByRole("link", { name: "QR History" }).click();
    await page.waitForURL("**/qr-history");
    // Each screen names the browser tab after itself.
    await expect.poll(() => page.title(), SCREEN_POLL).toBe("QR History · ValuSeal");
    expect(await page.getByTestId("company-name").isVisible()).toBe(false);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await context.close();
  });
});
