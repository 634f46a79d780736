/**
 * Safaricom's Daraja API as M-Pesa Express (STK push) uses it: an OAuth token kept until shortly
 * before it expires and fetched again when Daraja refuses it, the prompt, and the status query.
 * The address comes from configuration alone (the local emulator, scripts/lib/daraja-emulator.ts,
 * in development and tests), so the same code runs everywhere.
 */

export interface DarajaSettings {
  apiBase: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill or till number payments go to. */
  shortCode: string;
  passkey: string;
}

/**
 * A Daraja call that did not answer as expected: its status, Daraja's own error code, and what is
 * known of its effect: "refused" (Daraja said no: nothing was done), "auth" (our credentials were
 * refused: nothing was done), or "unknown" (a 5xx or an answer that cannot be read: it may have
 * been done).
 */
export class DarajaError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
    readonly outcome: "refused" | "auth" | "unknown" = "unknown",
  ) {
    super(message);
  }
}

/** Tokens are used until this long before Daraja says they expire. */
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

const tokens = new Map<string, { token: string; expiresAt: number }>();

async function accessToken(settings: DarajaSettings, fresh: boolean): Promise<string> {
  const key = `${settings.apiBase} ${settings.consumerKey}`;
  const kept = tokens.get(key);
  if (!fresh && kept && kept.expiresAt > Date.now()) return kept.token;
  const response = await fetch(`${settings.apiBase}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { Authorization: `Basic ${btoa(`${settings.consumerKey}:${settings.consumerSecret}`)}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: string } | null;
  if (!response.ok || !body?.access_token) {
    throw new DarajaError(
      response.status,
      null,
      "Daraja refused the consumer key and secret",
      response.status >= 500 ? "unknown" : "auth",
    );
  }
  const lifetimeMs = Number(body.expires_in ?? 3599) * 1000;
  tokens.set(key, { token: body.access_token, expiresAt: Date.now() + lifetimeMs - TOKEN_MARGIN_MS });
  return body.access_token;
}

/** A POST with the bearer token; a 401 (a token Daraja no longer accepts) fetches one and tries once more. */
async function darajaPost(settings: DarajaSettings, path: string, payload: object) {
  for (const fresh of [false, true]) {
    const response = await fetch(`${settings.apiBase}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await accessToken(settings, fresh)}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status === 401 && !fresh) continue;
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }
  throw new DarajaError(401, null, "Daraja refused a fresh token", "auth");
}

/** Daraja's timestamp: Kenyan time (UTC+3, no daylight saving) as YYYYMMDDHHmmss. */
export const darajaTimestamp = (at = new Date()) =>
  new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-T:]/g, "").slice(0, 14);

/** The request password: base64 of the short code, the passkey and the timestamp. */
const passwordFor = (settings: DarajaSettings, timestamp: string) =>
  btoa(`${settings.shortCode}${settings.passkey}${timestamp}`);

const signed = (settings: DarajaSettings) => {
  const timestamp = darajaTimestamp();
  return { BusinessShortCode: settings.shortCode, Password: passwordFor(settings, timestamp), Timestamp: timestamp };
};

export interface StkPush {
  /** Whole shillings: M-Pesa takes no cents. */
  amount: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX (mpesaPhoneField). */
  phone: string;
  /** Shown on the payer's phone and statement, at most 12 characters. */
  accountReference: string;
  description: string;
  callbackUrl: string;
}

/** Sends the payment prompt to the phone; answers Daraja's ids for the prompt. */
export async function sendStkPush(settings: DarajaSettings, push: StkPush) {
  const { status, body } = await darajaPost(settings, "/mpesa/stkpush/v1/processrequest", {
    ...signed(settings),
    TransactionType: "CustomerPayBillOnline",
    Amount: push.amount,
    PartyA: push.phone,
    PartyB: settings.shortCode,
    PhoneNumber: push.phone,
    CallBackURL: push.callbackUrl,
    AccountReference: push.accountReference,
    TransactionDesc: push.description,
  });
  if (status !== 200 || body.ResponseCode !== "0" || typeof body.CheckoutRequestID !== "string") {
    // A 4xx, or a 200 whose ResponseCode says no, is Daraja refusing: no prompt went out. Anything
    // else (a 5xx, a body that cannot be read) may have reached the phone.
    const refused = (status >= 400 && status < 500) || (status === 200 && typeof body.ResponseCode === "string");
    throw new DarajaError(
      status,
      String(body.errorCode ?? body.ResponseCode ?? ""),
      String(body.errorMessage ?? body.ResponseDescription ?? "The prompt was not sent"),
      refused ? "refused" : "unknown",
    );
  }
  return { checkoutRequestId: body.CheckoutRequestID, merchantRequestId: String(body.MerchantRequestID) };
}

/** What the status query says of a prompt: still waiting, or answered with a result code. */
export type StkQueryAnswer = { state: "waiting" } | { state: "answered"; resultCode: number; resultDesc: string };

/** Daraja's answer while the payer has not yet answered the prompt. */
const STILL_PROCESSING = "500.001.1001";

export async function queryStkPush(settings: DarajaSettings, checkoutRequestId: string): Promise<StkQueryAnswer> {
  const { status, body } = await darajaPost(settings, "/mpesa/stkpushquery/v1/query", {
    ...signed(settings),
    CheckoutRequestID: checkoutRequestId,
  });
  if (body.errorCode === STILL_PROCESSING) return { state: "waiting" };
  // Only a result code written as digits is an answer: null, "" or false must never read as 0 (paid).
  const resultCode = body.ResultCode;
  const readable =
    (typeof resultCode === "number" && Number.isInteger(resultCode)) ||
    (typeof resultCode === "string" && /^\d{1,6}$/.test(resultCode));
  if (status !== 200 || body.ResponseCode !== "0" || !readable) {
    throw new DarajaError(status, String(body.errorCode ?? ""), String(body.errorMessage ?? "The status query failed"));
  }
  return { state: "answered", resultCode: Number(resultCode), resultDesc: String(body.ResultDesc ?? "") };
}
