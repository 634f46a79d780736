import { describe, expect, it } from "vitest";
import { createAdminViaDb } from "./fixtures/admins";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";

/*
 * An administrator records a request about personal data from someone who is not a user, on a
 * phone, and later records the answer sent (issue 50).
 */
const browser = useBrowser();

describe("Data Requests", () => {
  it("records a valuer's erasure request with its due day, then the answer sent", async () => {
    const admin = await createAdminViaDb();
    const { page } = await browser.newPage({ token: admin.token, viewport: PHONE_VIEWPORT });
    await page.goto("/admin/data-requests");
    await page.getByRole("heading", { name: "Data Requests" }).waitFor();
    const name = `Achieng Otieno ${Date.now().toString(36)}`;
    await page.getByLabel("Who is asking").fill(name);
    await page.getByLabel("How to answer them").fill("achieng@example.com");
    await page.getByLabel("They ask for").selectOption("erasure");
    await page.getByText("Due 7 days after it was received").waitFor();
    await page.getByLabel("What they asked, in their words").fill("I left the firm. Erase my phone number.");
    await page.getByLabel("Received on").fill("2026-12-01");
    await page.getByRole("button", { name: "Record request" }).click();

    const item = page
      .getByRole("list", { name: "Requests about personal data" })
      .getByRole("listitem")
      .filter({ hasText: name });
    await item.getByText("Received 1 December 2026 · due 8 December 2026").waitFor();
    await item.getByText("Open", { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);

    await item.getByRole("button", { name: "Record the answer" }).click();
    await item.getByLabel("What was done").fill("Erased her phone from the valuers list.");
    await item.getByRole("button", { name: "Save answer" }).click();
    // Closing a request needs the answer as sent: the form says so on its field.
    await item.getByText("Enter the answer as sent").waitFor();
    await item.getByLabel("The answer, as sent").fill("We erased your phone number.");
    await item.getByRole("button", { name: "Save answer" }).click();
    await item.getByText("Answered", { exact: true }).waitFor();
    await item.getByText("Answer: We erased your phone number.").waitFor();
    expect(await item.getByRole("button", { name: "Record the answer" }).count()).toBe(0);
  });
});
