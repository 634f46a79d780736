import { describe, expect, it } from "vitest";
import { registerOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi } from "./fixtures/codes";
import { createValuerViaApi } from "./fixtures/valuers";
import { OWNER_PASSWORD } from "../shared/accounts";
import { RECENT_VALUATION } from "../shared/dates";
import { apiCall } from "./fixtures/http";
import { openFromUserMenu, section } from "./fixtures/shell";
import { linkIn, waitForEmail } from "../shared/inbox";

/**
 * Company Details (/settings/company): the owner edits the company and the validity of new codes.
 */
const browser = useBrowser();

describe("company details", () => {
  it("lets the owner edit the company; the shell shows the new name and a taken email tells nothing", async () => {
    const owner = await registerOwnerViaApi();
    const rival = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    await openFromUserMenu(page, "Company Details");
    const info = section(page, "Company Information");
    const name = info.getByLabel("Company Name");
    await name.waitFor();
    expect(await name.inputValue()).toBe(owner.user.company.name);
    expect(await info.getByLabel("Company Email").inputValue()).toBe(owner.email);

    await name.fill("Kamau & Partners Valuers");
    await info.getByLabel("Company Email").fill(rival.email);
    // A new company email asks for the owner's password: the server's answer lands on that field.
    const password = info.getByLabel("Your current password");
    await info.getByRole("button", { name: "Save Changes" }).click();
    await info
      .getByRole("alert")
      .filter({ hasText: "Enter your current password to change the company email" })
      .waitFor();
    await password.fill(OWNER_PASSWORD);
    await info.getByRole("button", { name: "Save Changes" }).click();
    // Another company's address is answered as any other: only that mailbox learns it is taken.
    expect(
      await expectToast(
        page,
        "Company details updated",
        `We sent a confirmation link to ${rival.email}. The company email changes when it is followed.`,
      ),
    ).toBe("default");
    expect(await page.getByText("Failed to update company details").count()).toBe(0);
    // The next save answers with a toast of the same title: this one is dismissed first.
    const sent = page.locator("li[data-variant]").filter({ hasText: rival.email });
    await sent.getByRole("button", { name: "Dismiss notification" }).click();
    await sent.waitFor({ state: "detached" });

    const newEmail = uniqueEmail("company");
    await info.getByLabel("Company Email").fill(newEmail);
    // Each change of the company email asks for the password again.
    await password.fill(OWNER_PASSWORD);
    await info.getByLabel("Company Phone").fill("+44 20 7946 0000");
    await info.getByLabel("Company Location").fill("Kensington, London");
    // Enter submits: the failure toast may still cover the button.
    await info.getByLabel("Company Location").press("Enter");
    // A new company email changes nothing until that address follows its confirmation link.
    expect(
      await expectToast(
        page,
        "Company details updated",
        `We sent a confirmation link to ${newEmail}. The company email changes when it is followed.`,
      ),
    ).toBe("default");
    await page.getByTestId("company-name").filter({ hasText: "Kamau & Partners Valuers" }).waitFor();
    await info
      .getByText(`Waiting for ${newEmail} to confirm — the company email stays ${owner.email} until then.`)
      .waitFor();
    expect(await apiCall("/api/companies/current", { token: owner.token })).toMatchObject({
      name: "Kamau & Partners Valuers",
      email: owner.email,
      pendingEmail: { email: newEmail },
      phone: "+44 20 7946 0000",
      location: "Kensington, London",
    });
    const confirmation = await waitForEmail(newEmail, "Confirm your new email");
    await page.goto(linkIn(confirmation, "/confirm-email").href);
    await page.getByText(`The company's email is now ${newEmail}.`).waitFor();
    await page.goto("/settings/company");
    expect(await section(page, "Company Information").getByLabel("Company Email").inputValue()).toBe(newEmail);

    await page.reload();
    expect(await section(page, "Company Information").getByLabel("Company Location").inputValue()).toBe(
      "Kensington, London",
    );
    await context.close();
  });

  it("lets the owner set the validity period of new codes, within 30 to 365 days, at 360 px", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/company");
    const info = section(page, "Company Information");
    const period = info.getByLabel("Validity period (days)");
    await period.waitFor();
    expect(await period.inputValue()).toBe("90");

    await period.fill("29");
    await info.getByRole("button", { name: "Save Changes" }).click();
    await info.getByText("Validity period must be between 30 and 365 days").waitFor();

    await period.fill("60");
    await info.getByRole("button", { name: "Save Changes" }).click();
    expect(await expectToast(page, "Company details updated")).toBe("default");
    await expectNoHorizontalScroll(page);
    await context.close();

    // A code created now is valid for 60 days after its valuation date.
    const code = await createCodeViaApi(owner.token, valuer.id, { valuationDate: RECENT_VALUATION.dayMonthYear });
    const days = (Date.parse(code.validUntil) - Date.parse(RECENT_VALUATION.timestamp)) / 86_400_000;
    expect(days).toBe(60);
  });
});
