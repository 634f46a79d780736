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
 * Webhooks in Company Details: endpoints with the events they want, the signing secret shown once,
 * signed deliveries, the delivery log with Resend, and the members' read-only view.
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
    await page.goto("/settings/company");
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
    const secret = await section.getByLabel("Webhook signing secret").innerText();
    expect(secret).toMatch(/^whsec_\w{32}$/);
    await section.getByRole("button", { name: "Copy secret" }).click();
    await expectToast(page, "Secret copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const endpoints = section.getByRole("list", { name: "Webhook endpoints" });
    await endpoints.getByText(hookUrl, { exact: true }).waitFor();
    await endpoints.getByText("Loan system").waitFor();
    await expectNoHorizontalScroll(page);

    // Never shown again: not after a reload, not in any answer the page reads.
    const answers: Promise<string>[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/api/")) answers.push(res.text().catch(() => ""));
    });
    await page.reload();
    await endpoints.getByText(hookUrl, { exact: true }).waitFor();
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

    await endpoints.getByRole("button", { name: "Show delivery log" }).click();
    const log = endpoints.getByRole("table", { name: "Delivery log" });
    await log.getByText("HTTP 200").waitFor();
    await log.getByText("code.scanned").waitFor();
    await log.getByRole("button", { name: /^Resend code\.scanned/ }).click();
    await expectToast(page, "Delivery queued", "The event is sent again with the same webhook-id.");
    await expect.poll(() => deliveries.length, { timeout: 60_000 }).toBe(2);
    expect(deliveries[1]!.headers["webhook-id"]).toBe(delivery!.headers["webhook-id"]);
    await expect
      .poll(
        async () => {
          await page.reload();
          await endpoints.getByRole("button", { name: "Show delivery log" }).click();
          // The log has loaded once its first attempt shows; only then is a missing resend missing.
          await log.getByText("HTTP 200").first().waitFor();
          return log.getByText("2 (resent)").count();
        },
        { timeout: 60_000 },
      )
      .toBe(1);

    await endpoints.getByRole("switch", { name: `Send events to ${hookUrl}` }).click();
    await expectToast(page, "Webhook endpoint turned off", "No events are sent to it.");
    await endpoints.getByText("Inactive").waitFor();

    await endpoints.getByRole("button", { name: `Remove ${hookUrl}` }).click();
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
    await page.goto("/settings/company");
    const endpoints = page.getByRole("list", { name: "Webhook endpoints" });
    await endpoints.getByText(`https://${host}/hook`, { exact: true }).waitFor();
    await endpoints.getByRole("button", { name: "Show delivery log" }).click();
    await endpoints.getByText("Address not allowed", { exact: true }).waitFor();
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
    await member.page.goto("/settings/company");
    const section = member.page.getByRole("region", { name: "Webhooks" });
    await section.getByText("https://hooks.example.com/valuseal", { exact: true }).waitFor();
    await section.getByText("Only the company owner can change webhooks.").waitFor();
    expect(await section.getByLabel("Endpoint URL").count()).toBe(0);
    expect(await section.getByRole("switch").count()).toBe(0);
    await member.context.close();
  });
});
