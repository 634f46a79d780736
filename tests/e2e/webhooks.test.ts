import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDnsRecords } from "../shared/dns";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { expectToast, useBrowser } from "./fixtures/browser";
import { scanLikePhone } from "./fixtures/certificates";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { uniqueTag } from "./fixtures/admin-screens";
import { apiCall } from "./fixtures/http";
import { joinAsMemberInBrowser } from "./fixtures/team";

/**
 * Scan alerts in Company Details: the webhook address, its signing secret shown once, signed
 * deliveries, and the members' read-only view.
 */
const browser = useBrowser();

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

describe("scan alert webhook in Company Details", () => {
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

  it("shows the secret once, signs each scan with it, and reports the last delivery", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const section = page.getByRole("region", { name: "Scan Alerts" });
    await section.getByText("Not set: scans are not sent anywhere").waitFor();
    await section.getByText("webhook-signature", { exact: true }).first().waitFor();

    const url = section.getByLabel("Webhook URL");
    await url.fill("ftp://hooks.example.com");
    await section.getByRole("button", { name: "Save webhook" }).click();
    await section.getByRole("alert").getByText("Enter a full URL starting with https://").waitFor();

    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/valuseal`;
    await url.fill(hookUrl);
    await section.getByRole("button", { name: "Save webhook" }).click();
    await expectToast(page, "Webhook saved", "Copy your signing secret now.");
    const secretBox = section.getByLabel("Webhook signing secret");
    const secret = await secretBox.innerText();
    expect(secret).toMatch(/^whsec_\w{32}$/);
    await section.getByText(/you won't see it again/).waitFor();
    await section.getByRole("button", { name: "Copy secret" }).click();
    await expectToast(page, "Secret copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await section.getByText(hookUrl, { exact: true }).waitFor();
    await section.getByText("No deliveries yet").waitFor();

    // Never shown again: not after a reload, not in any answer the page reads.
    const answers: Promise<string>[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/api/")) answers.push(res.text().catch(() => ""));
    });
    await page.reload();
    await section.getByText(hookUrl, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const bodies = await Promise.all(answers);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toContain(secret);
    expect(await section.getByLabel("Webhook signing secret").count()).toBe(0);

    await scanLikePhone(code.qrCodeData);
    await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = deliveries;
    // The secret as the owner copied it verifies the delivery with the Standard Webhooks library.
    const headers = Object.fromEntries(
      ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, String(delivery!.headers[name])]),
    );
    expect(new Webhook(secret).verify(delivery!.body, headers)).toMatchObject({ event: "code.scanned" });
    // The first release's signature, sent beside it until 2027-06-30.
    const timestamp = delivery!.headers["x-valuseal-timestamp"];
    const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${delivery!.body}`).digest("hex")}`;
    expect(delivery!.headers["x-valuseal-signature"]).toBe(expected);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: "code.scanned",
      code: { id: code.publicToken, reference: "VAL-2025-001", address: "12 Riverside Drive, Westlands, Nairobi" },
      scan: { device: "mobile" },
      verificationCount: 1,
    });

    await expect
      .poll(
        async () => {
          await section.getByRole("button", { name: "Check again" }).click();
          return section.getByText("Delivered", { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);

    await section.getByRole("button", { name: "Remove webhook" }).click();
    await page
      .getByRole("alertdialog", { name: "Remove the webhook?" })
      .getByRole("button", { name: "Remove webhook" })
      .click();
    await expectToast(page, "Webhook removed");
    await section.getByText("Not set: scans are not sent anywhere").waitFor();
    expect(await url.inputValue()).toBe("");
    await context.close();
  });

  it("shows a refused destination as a coarse status, without contacting it", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    // A public-looking name that, by the time of the scan, points into a private network.
    const host = `${uniqueTag("alerts")}.valuseal-receivers.com`;
    await apiCall("/api/companies/current/webhook", {
      token: owner.token,
      method: "PUT",
      body: { url: `https://${host}/hook` },
    });
    await setDnsRecords(host, { A: ["10.0.0.5"] });
    await scanLikePhone(code.qrCodeData);

    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const section = page.getByRole("region", { name: "Scan Alerts" });
    await section.getByText(`https://${host}/hook`, { exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          await section.getByRole("button", { name: "Check again" }).click();
          return section.getByText("Failed (address not allowed)", { exact: true }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await context.close();
  });

  it("shows members the webhook read-only", async () => {
    const owner = await registerOwnerViaApi();
    await apiCall("/api/companies/current/webhook", {
      token: owner.token,
      method: "PUT",
      body: { url: "https://hooks.example.com/valuseal" },
    });
    const member = await joinAsMemberInBrowser(browser, owner.token);
    await member.page.goto("/settings/company");
    const section = member.page.getByRole("region", { name: "Scan Alerts" });
    await section.getByText("https://hooks.example.com/valuseal", { exact: true }).waitFor();
    await section.getByText("Only the company owner can change the webhook.").waitFor();
    expect(await section.getByLabel("Webhook URL").count()).toBe(0);
    expect(await section.getByRole("button", { name: "Remove webhook" }).count()).toBe(0);
    await member.context.close();
  });
});
