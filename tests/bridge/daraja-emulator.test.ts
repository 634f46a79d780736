import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestBody } from "#scripts/lib/request-body.ts";
import {
  newDarajaEmulatorCredentials,
  startDarajaEmulator,
  type DarajaEmulator,
} from "#scripts/lib/daraja-emulator.ts";

/**
 * The Daraja emulator (scripts/lib/daraja-emulator.ts) stands in for Safaricom's M-Pesa Express:
 * it must answer the OAuth, STK push and STK query calls in Daraja's shapes, refuse a wrong
 * password or an expired token as Daraja does, and post callbacks in Safaricom's shape from its
 * phone page or its scenario controls.
 */

const credentials = newDarajaEmulatorCredentials();
const callbacks: unknown[] = [];
let emulator: DarajaEmulator;
let receiver: ReturnType<typeof createServer>;
let callbackUrl: string;

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    callbacks.push(JSON.parse(await requestBody(req)));
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
  emulator = await startDarajaEmulator(credentials);
});

afterAll(async () => {
  await emulator.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function token() {
  const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString("base64");
  const res = await fetch(`${emulator.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { Authorization: `Basic ${basic}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; expires_in: string };
  expect(body.expires_in).toBe("3599");
  return body.access_token;
}

const timestamp = "20261206143000";
const password = Buffer.from(`${credentials.shortCode}${credentials.passkey}${timestamp}`).toString("base64");

const call = (path: string, bearer: string, body: Record<string, unknown>) =>
  fetch(`${emulator.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const push = (bearer: string, overrides: Record<string, unknown> = {}) =>
  call("/mpesa/stkpush/v1/processrequest", bearer, {
    BusinessShortCode: credentials.shortCode,
    Password: password,
    Timestamp: timestamp,
    TransactionType: "CustomerPayBillOnline",
    Amount: 5800,
    PartyA: "254712345678",
    PartyB: credentials.shortCode,
    PhoneNumber: "254712345678",
    CallBackURL: callbackUrl,
    AccountReference: "VS-PUR-1",
    TransactionDesc: "10 ValuSeal code credits",
    ...overrides,
  });

const query = (bearer: string, checkoutRequestId: string) =>
  call("/mpesa/stkpushquery/v1/query", bearer, {
    BusinessShortCode: credentials.shortCode,
    Password: password,
    Timestamp: timestamp,
    CheckoutRequestID: checkoutRequestId,
  });

describe("the Daraja emulator", () => {
  it("sends a prompt, answers the query while it waits and after the phone pays, and calls back", async () => {
    callbacks.length = 0;
    const bearer = await token();
    const sent = await push(bearer);
    const accepted = (await sent.json()) as { CheckoutRequestID: string; ResponseCode: string };
    expect(accepted.ResponseCode).toBe("0");
    const waiting = await query(bearer, accepted.CheckoutRequestID);
    expect(waiting.status).toBe(500);
    expect(await waiting.json()).toMatchObject({ errorCode: "500.001.1001" });

    const phone = await fetch(`${emulator.url}/phone/${accepted.CheckoutRequestID}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ pin: "1234", choice: "pay" }),
    });
    expect(await phone.text()).toContain("The service request is processed successfully.");
    expect(await (await query(bearer, accepted.CheckoutRequestID)).json()).toMatchObject({ ResultCode: "0" });
    expect(callbacks).toEqual([
      {
        Body: {
          stkCallback: expect.objectContaining({
            CheckoutRequestID: accepted.CheckoutRequestID,
            ResultCode: 0,
            CallbackMetadata: {
              Item: expect.arrayContaining([
                { Name: "Amount", Value: 5800 },
                { Name: "PhoneNumber", Value: 254712345678 },
                { Name: "MpesaReceiptNumber", Value: expect.stringMatching(/^[A-Z0-9]{10}$/) },
              ]),
            },
          }),
        },
      },
    ]);
  });

  it("plays the scenarios: a result at once, three callbacks or none, a forged one, expired tokens", async () => {
    callbacks.length = 0;
    const bearer = await token();
    await fetch(`${emulator.url}/_emulator/next`, {
      method: "POST",
      body: JSON.stringify({ resultCode: 1032, callbacks: 3 }),
    });
    const cancelled = (await (await push(bearer)).json()) as { CheckoutRequestID: string };
    await expect.poll(() => callbacks.length).toBe(3);
    expect(await (await query(bearer, cancelled.CheckoutRequestID)).json()).toMatchObject({
      ResultCode: "1032",
      ResultDesc: "Request cancelled by user",
    });
    const forged = await fetch(`${emulator.url}/_emulator/prompts/${cancelled.CheckoutRequestID}/forge`, {
      method: "POST",
      body: JSON.stringify({ resultCode: 0 }),
    });
    expect(await forged.json()).toEqual({ status: 200 });
    expect(callbacks[3]).toMatchObject({ Body: { stkCallback: { ResultCode: 0 } } });

    await fetch(`${emulator.url}/_emulator/next`, {
      method: "POST",
      body: JSON.stringify({ resultCode: 0, callbacks: 0 }),
    });
    const silent = (await (await push(bearer)).json()) as { CheckoutRequestID: string };
    expect(await (await query(bearer, silent.CheckoutRequestID)).json()).toMatchObject({ ResultCode: "0" });
    expect(callbacks).toHaveLength(4);

    await fetch(`${emulator.url}/_emulator/tokens/expire`, { method: "POST" });
    const refused = await query(bearer, silent.CheckoutRequestID);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ errorCode: "404.001.03", errorMessage: "Invalid Access Token" });
    expect((await push(await token(), { Password: "wrong" })).status).toBe(400);
  });
});
