import { describe, expect, inject, it } from "vitest";
import { darajaTimestamp, queryStkPush, sendStkPush, type DarajaSettings } from "#worker/lib/daraja.ts";
import type {} from "../support/daraja-emulator-global-setup";

/*
 * The Worker's Daraja client (worker/lib/daraja.ts) inside workerd against the Daraja emulator:
 * the prompt and the status query in Daraja's shapes, one token for many calls, and a token
 * Daraja stops accepting replaced without the caller noticing.
 */

const daraja = inject("daraja");
const settings: DarajaSettings = {
  apiBase: daraja.url,
  consumerKey: daraja.consumerKey,
  consumerSecret: daraja.consumerSecret,
  shortCode: daraja.shortCode,
  passkey: daraja.passkey,
};

const push = () =>
  sendStkPush(settings, {
    amount: 5800,
    phone: "254712345678",
    accountReference: "VS123456",
    description: "10 ValuSeal code credits",
    callbackUrl: "http://127.0.0.1:9/unreachable",
  });

const answer = (checkoutRequestId: string, resultCode: number) =>
  fetch(`${daraja.url}/_emulator/prompts/${checkoutRequestId}/answer`, {
    method: "POST",
    body: JSON.stringify({ resultCode, callbacks: 0 }),
  });

describe("the Daraja client", () => {
  it("sends a prompt and reads its status: waiting, then the payer's answer", async () => {
    const { checkoutRequestId } = await push();
    expect(checkoutRequestId).toMatch(/^ws_CO_/);
    expect(await queryStkPush(settings, checkoutRequestId)).toEqual({ state: "waiting" });
    await answer(checkoutRequestId, 1037);
    expect(await queryStkPush(settings, checkoutRequestId)).toEqual({
      state: "answered",
      resultCode: 1037,
      resultDesc: "DS timeout user cannot be reached",
    });
    const prompts = (await (await fetch(`${daraja.url}/_emulator/prompts?account=VS123456`)).json()) as {
      amount: number;
      phone: string;
    }[];
    expect(prompts.at(-1)).toMatchObject({ amount: 5800, phone: "254712345678" });
  });

  it("fetches a new token when Daraja refuses the one it kept, mid-flow", async () => {
    const { checkoutRequestId } = await push();
    await fetch(`${daraja.url}/_emulator/tokens/expire`, { method: "POST" });
    await answer(checkoutRequestId, 0);
    expect(await queryStkPush(settings, checkoutRequestId)).toMatchObject({ state: "answered", resultCode: 0 });
  });

  it("writes Daraja's timestamp in Kenyan time", () => {
    expect(darajaTimestamp(new Date("2026-12-31T22:30:05Z"))).toBe("20270101013005");
  });
});
