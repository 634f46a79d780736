import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback, type LocalServer } from "./local-server";
import { requestBody } from "./request-body";

/**
 * A local stand-in for Safaricom's Daraja API as M-Pesa Express (STK push) uses it, speaking its
 * protocol, so the Worker's code reaches it through configuration alone (its base URL):
 *
 * - GET /oauth/v1/generate?grant_type=client_credentials (Basic consumer key and secret) answers
 *   a bearer token and its lifetime; every other call refuses a token it did not issue or that
 *   expired (404.001.03 "Invalid Access Token", as Daraja answers);
 * - POST /mpesa/stkpush/v1/processrequest checks the password (base64 of short code, passkey and
 *   timestamp) and answers a CheckoutRequestID; the prompt then waits on the emulated phone;
 * - POST /mpesa/stkpushquery/v1/query answers "The transaction is being processed"
 *   (500.001.1001) while the prompt waits, then the ResultCode (0 paid, 1 insufficient funds, 1032
 *   cancelled, 1037 timed out, 2001 wrong PIN);
 * - the phone page (/phone, /phone/<CheckoutRequestID>) where the developer accepts (enters a PIN),
 *   cancels or lets the prompt time out; its answer is posted to the request's CallBackURL as
 *   Safaricom does (Body.stkCallback, with CallbackMetadata when paid);
 * - controls for tests under /_emulator: answer the next prompt with a result at once, send its
 *   callback several times or not at all, post a forged callback that disagrees with the query,
 *   and expire every token.
 */
export interface DarajaEmulatorOptions {
  port?: number;
  consumerKey: string;
  consumerSecret: string;
  shortCode: string;
  passkey: string;
}

export type DarajaEmulator = LocalServer;

/** What Safaricom calls each result, as its callbacks and queries word them. */
export const STK_RESULTS: Record<number, string> = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  1032: "Request cancelled by user",
  1037: "DS timeout user cannot be reached",
  2001: "The initiator information is invalid.",
};

interface Prompt {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  callbackUrl: string;
  /** Null while the phone shows the prompt. */
  resultCode: number | null;
  receiptNumber: string | null;
  answeredAt: Date | null;
  /** Every callback posted for the prompt: its body as sent, and the status the receiver answered (null: unreachable). */
  callbacks: { status: number | null; forged: boolean; body: string }[];
}

/** How a test wants the next prompt to go (POST /_emulator/next). */
interface Scenario {
  /** Answer at once with this result instead of waiting for the phone. */
  resultCode?: number;
  /** How many times the callback is posted (0: never; the query path must find the result). */
  callbacks?: number;
}

const TOKEN_SECONDS = 3599;

const timestampOf = (date: Date) => date.toISOString().replace(/[-T:]/g, "").slice(0, 14);

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

const darajaError = (res: ServerResponse, status: number, errorCode: string, errorMessage: string) =>
  json(res, status, { requestId: randomBytes(6).toString("hex"), errorCode, errorMessage });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An M-Pesa receipt number: ten capital letters and digits, like "SLK4H7RT61". */
const receiptNumber = () =>
  Array.from(randomBytes(10), (byte) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[byte % 36]).join("");

export async function startDarajaEmulator(options: DarajaEmulatorOptions): Promise<DarajaEmulator> {
  const tokens = new Map<string, number>();
  const prompts = new Map<string, Prompt>();
  let next: Scenario = {};
  /** Callbacks a scenario asked for on a prompt the phone answers later (0 for none, 3 for three). */
  const pendingCallbacks = new Map<string, number>();

  function callbackBody(prompt: Prompt, resultCode: number, receipt: string | null) {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: STK_RESULTS[resultCode] ?? "Failed",
    };
    if (resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: "Amount", Value: prompt.amount },
          { Name: "MpesaReceiptNumber", Value: receipt },
          { Name: "Balance" },
          { Name: "TransactionDate", Value: Number(timestampOf(new Date())) },
          { Name: "PhoneNumber", Value: Number(prompt.phone) },
        ],
      };
    }
    return JSON.stringify({ Body: { stkCallback } });
  }

  async function postCallback(prompt: Prompt, body: string, forged = false) {
    let status: number | null = null;
    try {
      const response = await fetch(prompt.callbackUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    prompt.callbacks.push({ status, forged, body });
    return status;
  }

  /** The phone's answer: stored for the query, and posted as Safaricom would (or not, or thrice). */
  async function answer(prompt: Prompt, resultCode: number, callbacks = 1) {
    if (prompt.resultCode !== null) return;
    prompt.resultCode = resultCode;
    prompt.answeredAt = new Date();
    prompt.receiptNumber = resultCode === 0 ? receiptNumber() : null;
    for (let time = 0; time < callbacks; time += 1) {
      await postCallback(prompt, callbackBody(prompt, resultCode, prompt.receiptNumber));
    }
  }

  function authorised(req: IncomingMessage, res: ServerResponse) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiry = token ? tokens.get(token) : undefined;
    if (!expiry || expiry < Date.now()) {
      darajaError(res, 401, "404.001.03", "Invalid Access Token");
      return false;
    }
    return true;
  }

  const passwordFor = (timestamp: string) =>
    Buffer.from(`${options.shortCode}${options.passkey}${timestamp}`).toString("base64");

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://daraja");
    const path = url.pathname;
    if (req.method === "GET" && path === "/oauth/v1/generate") {
      const expected = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString("base64")}`;
      if (url.searchParams.get("grant_type") !== "client_credentials" || req.headers.authorization !== expected) {
        return darajaError(res, 400, "400.008.01", "Invalid Authentication passed");
      }
      const token = randomBytes(21).toString("base64url");
      tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
      return json(res, 200, { access_token: token, expires_in: String(TOKEN_SECONDS) });
    }
    if (req.method === "POST" && path === "/mpesa/stkpush/v1/processrequest") {
      if (!authorised(req, res)) return;
      const body = JSON.parse((await requestBody(req)) || "{}") as Record<string, unknown>;
      const timestamp = String(body.Timestamp ?? "");
      const amount = Number(body.Amount);
      if (String(body.BusinessShortCode) !== options.shortCode || body.Password !== passwordFor(timestamp)) {
        return darajaError(res, 400, "400.002.02", "Bad Request - Invalid BusinessShortCode or Password");
      }
      if (!Number.isInteger(amount) || amount < 1)
        return darajaError(res, 400, "400.002.02", "Bad Request - Invalid Amount");
      if (!/^254[17]\d{8}$/.test(String(body.PhoneNumber))) {
        return darajaError(res, 400, "400.002.02", "Bad Request - Invalid PhoneNumber");
      }
      if (!/^https?:\/\//.test(String(body.CallBackURL))) {
        return darajaError(res, 400, "400.002.02", "Bad Request - Invalid CallBackURL");
      }
      const prompt: Prompt = {
        merchantRequestId: `${randomBytes(3).toString("hex")}-${Date.now()}-1`,
        checkoutRequestId: `ws_CO_${timestampOf(new Date())}${randomBytes(6).toString("hex")}`,
        amount,
        phone: String(body.PhoneNumber),
        accountReference: String(body.AccountReference ?? ""),
        callbackUrl: String(body.CallBackURL),
        resultCode: null,
        receiptNumber: null,
        answeredAt: null,
        callbacks: [],
      };
      prompts.set(prompt.checkoutRequestId, prompt);
      const scenario = next;
      next = {};
      json(res, 200, {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      });
      if (scenario.resultCode !== undefined) void answer(prompt, scenario.resultCode, scenario.callbacks ?? 1);
      else if (scenario.callbacks !== undefined) pendingCallbacks.set(prompt.checkoutRequestId, scenario.callbacks);
      return;
    }
    if (req.method === "POST" && path === "/mpesa/stkpushquery/v1/query") {
      if (!authorised(req, res)) return;
      const body = JSON.parse((await requestBody(req)) || "{}") as Record<string, unknown>;
      if (body.Password !== passwordFor(String(body.Timestamp ?? ""))) {
        return darajaError(res, 400, "400.002.02", "Bad Request - Invalid Password");
      }
      const prompt = prompts.get(String(body.CheckoutRequestID));
      if (!prompt) return darajaError(res, 400, "400.002.02", "Bad Request - Invalid CheckoutRequestID");
      if (prompt.resultCode === null) {
        return darajaError(res, 500, "500.001.1001", "The transaction is being processed");
      }
      return json(res, 200, {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: String(prompt.resultCode),
        ResultDesc: STK_RESULTS[prompt.resultCode] ?? "Failed",
      });
    }
    if (path === "/phone" || path.startsWith("/phone/")) return phone(req, res, path.slice("/phone/".length));
    if (path.startsWith("/_emulator/")) return control(req, res, url);
    res.writeHead(404).end();
  }

  async function phone(req: IncomingMessage, res: ServerResponse, id: string) {
    const html = (status: number, text: string) =>
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(text);
    if (!id) {
      const waiting = [...prompts.values()].filter((prompt) => prompt.resultCode === null).reverse();
      return html(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Phone (M-Pesa emulator)</title></head><body><h1>M-Pesa prompts</h1>${
          waiting.length === 0
            ? "<p>No prompt is waiting.</p>"
            : `<ul>${waiting.map((prompt) => `<li><a href="/phone/${prompt.checkoutRequestId}">Pay KES ${prompt.amount} from ${prompt.phone} (${escapeHtml(prompt.accountReference)})</a></li>`).join("")}</ul>`
        }</body></html>`,
      );
    }
    const prompt = prompts.get(id);
    if (!prompt) return html(404, "<!doctype html><title>No prompt</title><p>No such prompt.</p>");
    if (req.method === "POST") {
      const form = new URLSearchParams(await requestBody(req));
      const choice = form.get("choice");
      const resultCode =
        choice === "pay" ? (form.get("pin")?.length === 4 ? 0 : 2001) : choice === "cancel" ? 1032 : 1037;
      await answer(prompt, resultCode, pendingCallbacks.get(id) ?? 1);
    }
    const done = prompt.resultCode !== null;
    return html(
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Phone (M-Pesa emulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}button,input{font-size:1rem;padding:.6rem;margin-top:.5rem;width:100%;box-sizing:border-box}</style></head>
<body><p>M-Pesa emulator · ${escapeHtml(prompt.phone)}</p>
${
  done
    ? `<p role="status">${escapeHtml(STK_RESULTS[prompt.resultCode!] ?? "Failed")}${prompt.receiptNumber ? ` Receipt ${prompt.receiptNumber}.` : ""}</p>`
    : `<h1>Pay KES ${prompt.amount} to ${escapeHtml(options.shortCode)}?</h1><p>Account ${escapeHtml(prompt.accountReference)}</p>
<form method="post"><label for="pin">Enter M-Pesa PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" maxlength="4">
<button name="choice" value="pay">Send</button><button name="choice" value="cancel">Cancel</button><button name="choice" value="timeout">Let it time out</button></form>`
}
</body></html>`,
    );
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const input = (req.method === "POST" ? JSON.parse((await requestBody(req)) || "{}") : {}) as Record<
      string,
      unknown
    >;
    const [, , what, id, action] = url.pathname.split("/");
    if (what === "next" && req.method === "POST") {
      next = {
        resultCode: typeof input.resultCode === "number" ? input.resultCode : undefined,
        callbacks: typeof input.callbacks === "number" ? input.callbacks : undefined,
      };
      return json(res, 200, next);
    }
    if (what === "tokens" && id === "expire" && req.method === "POST") {
      for (const token of tokens.keys()) tokens.set(token, 0);
      return json(res, 200, { expired: tokens.size });
    }
    if (what === "prompts" && !id) {
      return json(
        res,
        200,
        [...prompts.values()].filter(
          (p) => !url.searchParams.get("account") || p.accountReference === url.searchParams.get("account"),
        ),
      );
    }
    const prompt = id ? prompts.get(id) : undefined;
    if (what === "prompts" && prompt && req.method === "GET" && !action) return json(res, 200, prompt);
    if (what === "prompts" && prompt && req.method === "POST") {
      if (action === "answer") {
        await answer(prompt, Number(input.resultCode ?? 0), Number(input.callbacks ?? 1));
        return json(res, 200, prompt);
      }
      if (action === "forge") {
        // A message in Safaricom's shape claiming payment, sent by someone who is not Safaricom.
        const status = await postCallback(
          prompt,
          callbackBody(prompt, Number(input.resultCode ?? 0), receiptNumber()),
          true,
        );
        return json(res, 200, { status });
      }
      if (action === "callback") {
        if (prompt.resultCode === null) return json(res, 409, { error: "the prompt has not been answered" });
        const status = await postCallback(prompt, callbackBody(prompt, prompt.resultCode, prompt.receiptNumber));
        return json(res, 200, { status });
      }
    }
    return json(res, 404, { error: "unknown emulator control" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  return listenOnLoopback(server, options.port);
}

/** Fresh credentials for one emulator run: the Worker and the emulator share them, nobody else. */
export function newDarajaEmulatorCredentials() {
  return {
    consumerKey: randomBytes(12).toString("hex"),
    consumerSecret: randomBytes(12).toString("hex"),
    shortCode: "174379",
    passkey: randomBytes(24).toString("hex"),
  };
}

/** The Worker's M-Pesa settings for an emulator at `apiBase` with these credentials (development and tests). */
export function darajaEmulatorVars(
  apiBase: string,
  credentials: ReturnType<typeof newDarajaEmulatorCredentials>,
  queryDelaysSeconds = "20,45,90",
) {
  return {
    MPESA_API_BASE: apiBase,
    MPESA_CONSUMER_KEY: credentials.consumerKey,
    MPESA_CONSUMER_SECRET: credentials.consumerSecret,
    MPESA_SHORT_CODE: credentials.shortCode,
    MPESA_PASSKEY: credentials.passkey,
    MPESA_QUERY_DELAYS_SECONDS: queryDelaysSeconds,
  };
}
