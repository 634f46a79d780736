import { describe, expect, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { queryAppDatabase } from "./fixtures/database";
import { fetchApp } from "./fixtures/http";

/**
 * The administrator's System health card, on a phone, with a webhook delivery stuck on the queue
 * (its consumer stopped) and a receiver failing: both show there and in GET /api/health. In its
 * own project (vitest.config.ts, ISOLATED_FILES): the stuck delivery makes health 503 for all.
 */
const browser = useBrowser();

describe("System health", () => {
  it("shows a stopped queue consumer and a failing receiver on the card, as GET /api/health does", async () => {
    const owner = await registerOwnerViaApi();
    const {
      rows: [endpoint],
    } = await queryAppDatabase(
      `INSERT INTO webhook_endpoints (public_id, company_id, url, secret, event_types)
       VALUES ($1, $2, 'https://down.example.com/hook', 'not-used', ARRAY['code.issued']) RETURNING id`,
      [`ep_${Date.now().toString(36)}`, owner.user.company.id],
    );
    const {
      rows: [event],
    } = await queryAppDatabase(
      `INSERT INTO webhook_events (public_id, company_id, type, data) VALUES ($1, $2, 'code.issued', '{}') RETURNING id`,
      [`msg_health_${Date.now().toString(36)}`, owner.user.company.id],
    );
    const {
      rows: [delivery],
    } = await queryAppDatabase(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, queued_at) VALUES ($1, $2, now() - interval '20 minutes') RETURNING id`,
      [event.id, endpoint.id],
    );
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await queryAppDatabase(
        `INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, trigger, status_code, failure)
         VALUES ($1, $2, $3, 'automatic', 502, 'receiver-error')`,
        [delivery.id, endpoint.id, attempt],
      );
    }

    // An email the queue gave up on after every retry.
    await queryAppDatabase(
      `INSERT INTO undelivered_emails (kind, recipient, attempts, error) VALUES ('invite', $1, 9, 'Error: 550 mailbox unavailable')`,
      [`lost-${Date.now().toString(36)}@example.com`],
    );

    const monitor = await fetchApp("/api/health", {});
    expect(monitor.status).toBe(503);
    const lines = ((await monitor.json()) as { errors: string[] }).errors;
    expect(lines).toContainEqual(
      expect.stringMatching(/^webhookQueue: failing: 1 deliveries queued over 15 minutes ago/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^webhookFailures: failing: 6 of 6 attempts failed/));

    const admin = await createAdminViaDb();
    const { page } = await browser.newPage({ token: admin.token, viewport: PHONE_VIEWPORT });
    // The card's first read fails as the service's own failure does: answered with /api/health's
    // real 503 and its X-Request-Id, which the screen gives as the reference to quote.
    let failedRequestId = "";
    await page.route("**/api/admin/health", async (route) => {
      const failure = await route.fetch({ url: route.request().url().replace("/api/admin/health", "/api/health") });
      failedRequestId = failure.headers()["x-request-id"] ?? "";
      await route.fulfill({ response: failure });
    });
    await page.goto("/admin");
    const failedCard = page.getByRole("region", { name: "System health" });
    await failedCard.getByText("The system's health could not be read").waitFor();
    expect(failedRequestId).toMatch(/^[A-Za-z0-9]{16}$/);
    await failedCard
      .getByText(`If it keeps failing, quote reference ${failedRequestId} to ValuSeal support.`)
      .waitFor();
    await page.unroute("**/api/admin/health");
    await failedCard.getByRole("button", { name: "Try again" }).click();
    const card = page.getByRole("region", { name: "System health" });
    await card.getByText("Something needs attention: GET /api/health answers 503").waitFor();
    const check = (name: string) => card.locator(`[data-health-check="${name}"]`);
    await check("Webhook queue")
      .getByText(/1 deliveries queued over 15 minutes ago and never tried/)
      .waitFor();
    expect(await check("Webhook queue").getAttribute("data-ok")).toBe("false");
    await check("Webhook receivers")
      .getByText(/6 of 6 attempts failed in the last 15 minutes/)
      .waitFor();
    expect(await check("Database").getAttribute("data-ok")).toBe("true");
    await card.getByText("Emails given up on in the last day: 1").waitFor();
    await card.getByRole("list", { name: "Emails given up on" }).getByText("Error: 550 mailbox unavailable").waitFor();
    await expectNoHorizontalScroll(page);
  });
});
