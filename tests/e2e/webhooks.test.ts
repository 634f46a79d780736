import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDnsRecords } from "../shared/dns";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { scanLikePhone } from "./fixtures/certificates";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { uniqueTag } from "./fixtures/admin-screens";
import { queryAppDatabase } from "./fixtures/database";
import { apiCall } from "./fixtures/http";
import { joinAsMemberInBrowser } from "./fixtures/team";

/**
 * Webhooks in Company Details → Developers: endpoints with the events they want, the signing secret
 * shown once, signed deliveries, a page per endpoint with its delivery log (bodies, Resend), a test
 * event, event editing and secret rotation, and the members' read-only view.
 */
const browser = useBrowser();

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

const standardHeaders = (delivery: Delivery) =>
  Object.fromEntries(
    ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(delivery.headers[name])]),
  );

describe("webhooks in Company Details", () => {
  const deliveries: Delivery[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("on a phone: adds an endpoint, shows the secret once, signs each scan with it, and resends from the log", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/company/developers");
    const section = page.getByRole("region", { name: "Webhooks" });
    await section.getByText("No webhook endpoints yet").waitFor();
    await section.getByText("webhook-signature", { exact: true }).first().waitFor();

    const url = section.getByLabel("Endpoint URL");
    await url.fill("ftp://hooks.example.com");
    await section.getByLabel("code.scanned").uncheck();
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await section.getByRole("alert").getByText("Enter a full URL starting with https://").first().waitFor();
    await section.getByText("Choose at least one event").waitFor();

    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/valuseal`;
    await url.fill(hookUrl);
    await section.getByLabel("Description (optional)").fill("Loan system");
    await section.getByLabel("code.scanned").check();
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await expectToast(page, "Webhook endpoint added", "Copy your signing secret now.");
    // The secret waits in a dialog that neither Escape nor a tap outside closes.
    const secretDialog = page.getByRole("dialog", { name: "Your signing secret" });
    const secret = await secretDialog.getByLabel("Webhook signing secret").innerText();
    expect(secret).toMatch(/^whsec_\w{32}$/);
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await secretDialog.getByRole("button", { name: "Copy secret" }).click();
    await expectToast(page, "Secret copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoHorizontalScroll(page);
    await secretDialog.getByRole("button", { name: "I have stored it" }).click();
    await secretDialog.waitFor({ state: "detached" });
    const endpoints = section.getByRole("list", { name: "Webhook endpoints" });
    await endpoints.getByText("Loan system").waitFor();

    // Never shown again: not after a reload, not in any answer the page reads.
    const answers: Promise<string>[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/api/")) answers.push(res.text().catch(() => ""));
    });
    await page.reload();
    await endpoints.getByRole("link", { name: `Open ${hookUrl}` }).click();
    await page.getByRole("region", { name: hookUrl }).waitFor();
    expect(page.url()).toMatch(/\/settings\/company\/developers\/webhooks\/ep_\w+$/);
    expect(await page.content()).not.toContain(secret);
    const bodies = await Promise.all(answers);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toContain(secret);

    await scanLikePhone(code.qrCodeData);
    await expect.poll(() => deliveries.length, { timeout: 60_000 }).toBe(1);
    const [delivery] = deliveries;
    // The secret as the owner copied it verifies the delivery with the Standard Webhooks library.
    expect(new Webhook(secret).verify(delivery!.body, standardHeaders(delivery!))).toMatchObject({
      type: "code.scanned",
      data: { code: { id: code.publicToken, reference: "VAL-2025-001" }, scan: { device: "mobile" } },
    });

    // The log shows the attempt, what was sent and what the receiver answered.
    await page.reload();
    const log = page.getByRole("table", { name: "Delivery log" });
    await log.getByText("HTTP 200").waitFor();
    await log.getByRole("button", { name: "Request and response of code.scanned attempt 1" }).click();
    const bodiesDialog = page.getByRole("dialog", { name: "code.scanned, attempt 1" });
    expect(await bodiesDialog.getByLabel("Request body").innerText()).toContain(code.publicToken);
    await bodiesDialog.getByText("Response: HTTP 200").waitFor();
    expect(await bodiesDialog.getByLabel("Response body").innerText()).toBe("ok");
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");

    await log.getByRole("button", { name: /^Resend code\.scanned/ }).click();
    await expectToast(page, "Delivery queued", "The event is sent again with the same webhook-id.");
    await expect.poll(() => deliveries.length, { timeout: 60_000 }).toBe(2);
    expect(deliveries[1]!.headers["webhook-id"]).toBe(delivery!.headers["webhook-id"]);
    await expect
      .poll(
        async () => {
          await page.reload();
          // The log has loaded once its first attempt shows; only then is a missing resend missing.
          await log.getByText("HTTP 200").first().waitFor();
          return log.getByText("2 (resent)").count();
        },
        { timeout: 60_000 },
      )
      .toBe(1);

    // The events change in place.
    await page.getByLabel("code.revoked").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Webhook endpoint saved");
    const [saved] = await apiCall("/api/webhooks", { token: owner.token });
    expect(saved.eventTypes).toEqual(["code.scanned", "code.revoked"]);

    // A rotation keeps the old secret signing for a day: a receiver holding either verifies.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page
      .getByRole("dialog", { name: "Rotate the signing secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click();
    const rotatedDialog = page.getByRole("dialog", { name: "Your new signing secret" });
    const newSecret = await rotatedDialog.getByLabel("Webhook signing secret").innerText();
    expect(newSecret).not.toBe(secret);
    await rotatedDialog.getByRole("button", { name: "I have stored it" }).click();
    await page.getByText(/^The replaced secret also signs deliveries until /).waitFor();

    // The test event goes to this endpoint alone, signed by both, and its attempt comes into the log.
    await page.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, "Test event sent");
    await log.getByText("webhook.test").waitFor({ timeout: 60_000 });
    const test = deliveries.find((each) => each.body.includes('"webhook.test"'))!;
    for (const key of [secret, newSecret]) {
      expect(new Webhook(key).verify(test.body, standardHeaders(test))).toMatchObject({ type: "webhook.test" });
    }

    await page.getByRole("switch", { name: `Send events to ${hookUrl}` }).click();
    await expectToast(page, "Webhook endpoint turned off", "No events are sent to it.");
    await page.getByText("Inactive").waitFor();
    expect(await page.getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: `Remove ${hookUrl}` }).click();
    await page
      .getByRole("alertdialog", { name: "Remove this webhook endpoint?" })
      .getByRole("button", { name: "Remove endpoint" })
      .click();
    await expectToast(page, "Webhook endpoint removed");
    await section.getByText("No webhook endpoints yet").waitFor();
    await context.close();
  });

  it("shows a refused destination in the delivery log, without contacting it", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    // A public-looking name that, by the time of the scan, points into a private network.
    const host = `${uniqueTag("alerts")}.valuseal-receivers.com`;
    await apiCall("/api/webhooks", {
      token: owner.token,
      method: "POST",
      body: { url: `https://${host}/hook`, eventTypes: ["code.scanned"] },
    });
    await setDnsRecords(host, { A: ["10.0.0.5"] });
    await scanLikePhone(code.qrCodeData);

    // The queue's consumer refuses the address and logs the attempt: waited for in the database,
    // however long a busy machine takes, and then shown once.
    await expect
      .poll(
        async () => {
          const { rows } = await queryAppDatabase(
            `SELECT count(*)::int AS refused FROM webhook_attempts attempt
             JOIN webhook_endpoints endpoint ON endpoint.id = attempt.endpoint_id
             WHERE endpoint.url = $1 AND attempt.failure = 'address-not-allowed'`,
            [`https://${host}/hook`],
          );
          return rows[0]?.refused;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(1);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company/developers");
    await page.getByRole("link", { name: `Open https://${host}/hook` }).click();
    await page.getByRole("table", { name: "Delivery log" }).getByText("Address not allowed", { exact: true }).waitFor();
    await context.close();
  });

  it("shows members the endpoints read-only", async () => {
    const owner = await registerOwnerViaApi();
    await apiCall("/api/webhooks", {
      token: owner.token,
      method: "POST",
      body: { url: "https://hooks.example.com/valuseal", eventTypes: ["code.revoked"] },
    });
    const member = await joinAsMemberInBrowser(browser, owner.token);
    await member.page.goto("/settings/company/developers");
    const section = member.page.getByRole("region", { name: "Webhooks" });
    await section.getByText("Only the company owner can change webhooks.").waitFor();
    expect(await section.getByLabel("Endpoint URL").count()).toBe(0);
    await section.getByRole("link", { name: "Open https://hooks.example.com/valuseal" }).click();
    await member.page.getByText("Only the company owner can change webhooks.").waitFor();
    await member.page
      .getByRole("table", { name: "Delivery log" })
      .or(member.page.getByText("No deliveries yet"))
      .waitFor();
    expect(await member.page.getByRole("switch").count()).toBe(0);
    expect(await member.page.getByRole("button", { name: "Rotate secret" }).count()).toBe(0);
    expect(await member.page.getByRole("button", { name: "Send test event" }).count()).toBe(0);
    await member.context.close();
  });
});
