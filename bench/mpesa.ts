import { performance } from "node:perf_hooks";
import type pg from "pg";
import { darajaEmulatorVars, newDarajaEmulatorCredentials, startDarajaEmulator } from "../scripts/lib/daraja-emulator";
import { queryStkPush } from "../worker/lib/daraja";
import { registerCompany } from "./accounts";
import { startBuiltServer } from "./built-server";
import { expectJson } from "./http";
import { median, percentile } from "./measure";

/** Payments made through the callback path, one after another. */
export const CALLBACK_PAYMENTS = 20;
/** When the payer enters the PIN on the query path, in seconds after the prompt was sent (it closes at 60). */
export const QUERY_PATH_PIN_AT_SECONDS = [5, 15, 25, 35, 45, 55];

export interface MpesaLatency {
  /** PIN entered → purchase paid, with Safaricom's callback reaching the app (ms). */
  callbackMs: number[];
  /** PIN entered → purchase paid, with no callback ever (the status queries at 20, 45, 90 s and the sweep) (ms). */
  queryPathMs: number[];
  /** One status query's round trip to the emulator, the baseline (ms). */
  queryRoundTripMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The time from "PIN entered" on the Daraja emulator's phone to the purchase credited, on the
 * production build with production's query delays (20, 45, 90 s): with the callback (it posts to
 * the app, which queues a status query at once) and without any (the scheduled queries find it).
 * Each PIN is entered through the emulator's controls, as its phone page does.
 */
export async function benchMpesa(databaseUrl: string, pool: pg.Pool): Promise<MpesaLatency> {
  const credentials = newDarajaEmulatorCredentials();
  const daraja = await startDarajaEmulator(credentials);
  const server = await startBuiltServer(databaseUrl, {
    // Receipts need a seller.
    SELLER_NAME: "ValuSeal Ltd (bench seller)",
    SELLER_ADDRESS: "1 Example Street, London",
    SELLER_TAX_NUMBERS: "UK VAT GB000000000 (bench)",
    ...darajaEmulatorVars(daraja.url, credentials),
  });
  try {
    // A firm has one prompt waiting on a phone at a time: each payment made at the same time as
    // another is a firm of its own.
    const firm = async (label: string) => {
      const owner = await registerCompany(server.origin, pool, label, `Bench M-Pesa ${label} Valuers`);
      await expectJson(200, server.origin, "/api/billing/details", {
        method: "PUT",
        token: owner.token,
        body: {
          legalName: "Bench M-Pesa Valuers",
          postalAddress: "PO Box 1, Nairobi",
          kraPin: "P051234567X",
          currency: "KES",
        },
      });
      return owner;
    };
    const startPurchase = async (owner: { token: string }) => {
      const purchase = await expectJson<{ id: string }>(201, server.origin, "/api/billing/mpesa", {
        token: owner.token,
        body: { credits: 10, phone: "0712345678" },
      });
      const prompts = (await (
        await fetch(`${daraja.url}/_emulator/prompts?account=VS${purchase.id.slice(4, 14)}`)
      ).json()) as { checkoutRequestId: string }[];
      return { purchaseId: purchase.id, checkoutRequestId: prompts.at(-1)!.checkoutRequestId };
    };
    const enterPin = (checkoutRequestId: string, callbacks: number) =>
      fetch(`${daraja.url}/_emulator/prompts/${checkoutRequestId}/answer`, {
        method: "POST",
        body: JSON.stringify({ resultCode: 0, callbacks }),
      });
    const paidAfter = async (owner: { token: string }, purchaseId: string, since: number) => {
      for (;;) {
        const purchase = await expectJson<{ status: string }>(
          200,
          server.origin,
          `/api/billing/purchases/${purchaseId}`,
          { token: owner.token },
        );
        if (purchase.status === "paid") return performance.now() - since;
        if (purchase.status !== "pending") throw new Error(`M-Pesa purchase ${purchaseId} ended ${purchase.status}`);
        await sleep(100);
      }
    };
    const owner = await firm("mpesa");

    const callbackMs: number[] = [];
    for (let index = 0; index < CALLBACK_PAYMENTS; index += 1) {
      const { purchaseId, checkoutRequestId } = await startPurchase(owner);
      // Entered a moment after the prompt arrives, well before the first scheduled query (20 s).
      await sleep(500);
      const entered = performance.now();
      await enterPin(checkoutRequestId, 1);
      callbackMs.push(await paidAfter(owner, purchaseId, entered));
    }

    const queryPathMs = await Promise.all(
      QUERY_PATH_PIN_AT_SECONDS.map(async (seconds) => {
        const payer = await firm(`mpesa-at-${seconds}`);
        const { purchaseId, checkoutRequestId } = await startPurchase(payer);
        await sleep(seconds * 1000);
        const entered = performance.now();
        await enterPin(checkoutRequestId, 0);
        return paidAfter(payer, purchaseId, entered);
      }),
    );

    const { checkoutRequestId } = await startPurchase(await firm("mpesa-baseline"));
    const settings = { apiBase: daraja.url, ...credentials };
    const roundTrips: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const start = performance.now();
      await queryStkPush(settings, checkoutRequestId);
      roundTrips.push(performance.now() - start);
    }
    return { callbackMs, queryPathMs, queryRoundTripMs: median(roundTrips) };
  } finally {
    await server.stop();
    await daraja.stop();
  }
}

/** p95 of a sample, in seconds. */
export const p95Seconds = (samples: number[]) => percentile(samples, 0.95) / 1000;
