import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback, type LocalServer } from "./local-server";
import { requestBody } from "./request-body";

/**
 * A local stand-in for the part of Stripe the app uses, speaking Stripe's own protocol, so the
 * Worker's code (the `stripe` SDK pointed here by STRIPE_API_BASE) runs unchanged in development
 * and in tests:
 *
 * - the API: POST /v1/checkout/sessions (form-encoded, Bearer secret key, Idempotency-Key replayed
 *   as Stripe does), GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire, with
 *   Stripe's error bodies;
 * - the hosted checkout page the session's `url` leads to (/c/pay/:id): a card number ending 4242 is
 *   paid, 0002 is declined ("Your card was declined."), 1117 is an asynchronous payment left
 *   processing until it is settled (POST /_emulator/checkout/sessions/:id/settle); a paid one can
 *   be refunded as from Stripe's dashboard (POST …/refund: charge.refunded, GET /v1/charges/:id);
 * - events signed with the real scheme (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body" keyed
 *   by the endpoint's whsec_ secret), POSTed to the configured endpoint with Stripe's retries;
 * - controls for tests under /_emulator: list a session's events, deliver one again (5 times, say),
 *   signed long ago, tampered, or hand back a signed copy for the test to deliver; hold deliveries
 *   to send them in another order; delay them.
 */
export interface StripeEmulatorOptions {
  port?: number;
  /** The secret key the app sends as `Authorization: Bearer …` (sk_test_…). */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…), which the app verifies events with. */
  webhookSecret: string;
  /** Where events are POSTed; none: events are only recorded, for a test to deliver. */
  webhookUrl?: string;
}

export type StripeEmulator = LocalServer;

type StripeObject = Record<string, unknown>;

interface CheckoutSession extends StripeObject {
  id: string;
  amount_total: number;
  currency: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  success_url: string;
  cancel_url: string | null;
  payment_intent: string | null;
}

interface RecordedEvent {
  id: string;
  type: string;
  sessionId: string | null;
  payload: string;
  deliveries: { status: number | null; at: string }[];
}

/** The API version the SDK pins when it sends none (it always does). */
const DEFAULT_API_VERSION = "2026-11-18.endive";
/** Stripe tries a failed delivery again for days; here a few quick retries stand for them. */
const DELIVERY_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000];

const randomId = (prefix: string, length = 24) =>
  `${prefix}_${randomBytes(length).toString("base64url").replace(/[-_]/g, "").slice(0, length)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The Stripe-Signature header of `payload` signed at `timestamp` (seconds), as Stripe writes it. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = nowSeconds()) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Stripe's form encoding (`a[b][0][c]=1`) read back into objects and arrays. */
function parseStripeForm(body: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(res: ServerResponse, status: number, error: StripeObject) {
  res
    .writeHead(status, { "Content-Type": "application/json", "Request-Id": randomId("req", 14) })
    .end(JSON.stringify({ error }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function formatAmount(minor: number, currency: string) {
  return `${currency.toUpperCase()} ${(minor / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
}

function checkoutPage(session: CheckoutSession, message?: string) {
  const lineItem = (session.line_items_summary as string | undefined) ?? "Payment";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe emulator)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin-top:1rem}
input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}button{margin-top:1.5rem;width:100%;padding:.8rem;font-size:1rem}
.error{color:#b91c1c;margin-top:1rem}</style></head>
<body><p>Stripe emulator · test mode</p>
<h1>${escapeHtml(lineItem)}</h1>
<p>Pay <strong>${escapeHtml(formatAmount(session.amount_total, session.currency))}</strong></p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(String(session.customer_email ?? ""))}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" placeholder="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123">
<button type="submit">Pay</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ""}
</body></html>`;
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const sessions = new Map<string, CheckoutSession>();
  const charges = new Map<string, StripeObject>();
  const events: RecordedEvent[] = [];
  const idempotentAnswers = new Map<string, { params: string; status: number; body: string }>();
  let holdDeliveries = false;
  let deliveryDelayMs = 0;
  let baseUrl = "";

  const signedPayload = (event: RecordedEvent, signedSecondsAgo = 0) => ({
    payload: event.payload,
    header: stripeSignatureHeader(event.payload, options.webhookSecret, nowSeconds() - signedSecondsAgo),
  });

  async function deliverOnce(event: RecordedEvent, signedSecondsAgo = 0, tamper = false) {
    const { payload, header } = signedPayload(event, signedSecondsAgo);
    const body = tamper ? payload.replace(/"amount_total": ?\d+/, '"amount_total": 1') : payload;
    let status: number | null = null;
    try {
      const response = await fetch(options.webhookUrl!, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": header,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    event.deliveries.push({ status, at: new Date().toISOString() });
    return status;
  }

  /** Stripe's behaviour: deliver, and try again later while the endpoint does not answer 2xx. */
  async function deliverWithRetries(event: RecordedEvent) {
    if (!options.webhookUrl || holdDeliveries) return;
    if (deliveryDelayMs) await new Promise((resolve) => setTimeout(resolve, deliveryDelayMs));
    for (const delay of [0, ...DELIVERY_RETRY_DELAYS_MS]) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const status = await deliverOnce(event);
      if (status !== null && status >= 200 && status < 300) return;
    }
  }

  function emit(type: string, object: StripeObject, sessionId: string | null, apiVersion: string) {
    const event = {
      id: randomId("evt"),
      object: "event",
      api_version: apiVersion,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const recorded: RecordedEvent = {
      id: event.id,
      type,
      sessionId,
      payload: JSON.stringify(event, null, 2),
      deliveries: [],
    };
    events.push(recorded);
    void deliverWithRetries(recorded);
  }

  function createSession(params: StripeObject): CheckoutSession | StripeObject {
    const items = (params.line_items as StripeObject[] | undefined) ?? [];
    if (params.mode !== "payment" || items.length === 0) {
      return { type: "invalid_request_error", message: "Emulated: mode=payment with line_items is required" };
    }
    let amount = 0;
    let currency = "";
    const names: string[] = [];
    for (const item of items) {
      const priceData = item.price_data as StripeObject | undefined;
      const unit = Number(priceData?.unit_amount);
      const quantity = Number(item.quantity ?? 1);
      if (!priceData || !Number.isInteger(unit) || unit <= 0 || !Number.isInteger(quantity)) {
        return {
          type: "invalid_request_error",
          message: "Emulated: price_data.unit_amount must be a positive integer",
        };
      }
      currency = String(priceData.currency).toLowerCase();
      amount += unit * quantity;
      names.push(String((priceData.product_data as StripeObject | undefined)?.name ?? "Item"));
    }
    if (!params.success_url) return { type: "invalid_request_error", message: "Missing required param: success_url." };
    const id = randomId("cs_test", 58);
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      created: nowSeconds(),
      currency,
      customer_email: (params.customer_email as string | undefined) ?? null,
      expires_at: Number(params.expires_at ?? nowSeconds() + 24 * 3600),
      line_items_summary: names.join(", "),
      livemode: false,
      metadata: (params.metadata as StripeObject | undefined) ?? {},
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: String(params.success_url),
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    return session;
  }

  function complete(session: CheckoutSession, paid: boolean, apiVersion = DEFAULT_API_VERSION) {
    session.status = "complete";
    session.payment_status = paid ? "paid" : "unpaid";
    session.payment_intent = randomId("pi");
    session.url = null;
    emit("checkout.session.completed", session, session.id, apiVersion);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string[]) {
    const auth = req.headers.authorization ?? "";
    if (auth !== `Bearer ${options.secretKey}`) {
      return stripeError(res, 401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${auth.replace(/^Bearer /, "").slice(0, 8)}…`,
      });
    }
    const apiVersion = String(req.headers["stripe-version"] ?? DEFAULT_API_VERSION);
    const body = await requestBody(req);
    const answer = (status: number, object: StripeObject) => {
      const text = JSON.stringify(object);
      res.writeHead(status, {
        "Content-Type": "application/json",
        "Request-Id": randomId("req", 14),
        "Stripe-Version": apiVersion,
      });
      res.end(text);
      return text;
    };
    const idempotencyKey = req.headers["idempotency-key"];
    if (req.method === "POST" && typeof idempotencyKey === "string") {
      const earlier = idempotentAnswers.get(idempotencyKey);
      if (earlier) {
        if (earlier.params !== body) {
          return stripeError(res, 400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          });
        }
        res.writeHead(earlier.status, { "Content-Type": "application/json", "Idempotent-Replayed": "true" });
        return res.end(earlier.body);
      }
    }
    const remember = (status: number, text: string) => {
      if (req.method === "POST" && typeof idempotencyKey === "string") {
        idempotentAnswers.set(idempotencyKey, { params: body, status, body: text });
      }
    };
    const [, resource, sub, id, action] = path; // "", "v1", "checkout", "sessions", id, action
    if (resource === "charges" && req.method === "GET") {
      const charge = sub ? charges.get(sub) : undefined;
      if (!charge) {
        return stripeError(res, 404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such charge: '${sub}'`,
        });
      }
      return answer(200, charge);
    }
    if (resource !== "checkout" || sub !== "sessions") {
      return stripeError(res, 404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method} ${req.url}).`,
      });
    }
    if (req.method === "POST" && !id) {
      const created = createSession(parseStripeForm(body));
      if (!("object" in created)) return stripeError(res, 400, created);
      return remember(200, answer(200, created));
    }
    const session = id ? sessions.get(id) : undefined;
    if (!session) {
      return stripeError(res, 404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "session",
        message: `No such checkout.session: '${id}'`,
      });
    }
    if (req.method === "GET" && !action) return answer(200, session);
    if (req.method === "POST" && action === "expire") {
      if (session.status !== "open") {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          message: `Only Checkout Sessions with a status in [open] can be expired. This Checkout Session has a status of ${session.status}.`,
        });
      }
      session.status = "expired";
      session.url = null;
      emit("checkout.session.expired", session, session.id, apiVersion);
      return remember(200, answer(200, session));
    }
    return stripeError(res, 404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${req.method} ${req.url}).`,
    });
  }

  async function handleCheckoutPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const session = sessions.get(id);
    const html = (status: number, text: string) =>
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(text);
    if (!session) return html(404, "<!doctype html><title>Not found</title><p>This checkout does not exist.</p>");
    if (session.status !== "open") {
      return html(
        410,
        `<!doctype html><title>Checkout closed</title><p>This checkout is ${session.status === "complete" ? "complete" : "no longer available"}.</p>`,
      );
    }
    if (req.method === "GET") return html(200, checkoutPage(session));
    const form = new URLSearchParams(await requestBody(req));
    const card = (form.get("card") ?? "").replace(/\D/g, "");
    if (card.length < 12) return html(400, checkoutPage(session, "Your card number is incomplete."));
    if (card.endsWith("0002")) {
      emit(
        "payment_intent.payment_failed",
        {
          id: randomId("pi"),
          object: "payment_intent",
          amount: session.amount_total,
          currency: session.currency,
          status: "requires_payment_method",
          last_payment_error: {
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
          },
        },
        session.id,
        DEFAULT_API_VERSION,
      );
      return html(402, checkoutPage(session, "Your card was declined."));
    }
    complete(session, !card.endsWith("1117"));
    const next = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
    res.writeHead(303, { Location: next }).end();
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, path: string[]) {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
    const body = req.method === "POST" ? await requestBody(req) : "";
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    const [, , what, id, action] = path; // "", "_emulator", what, id, action
    if (what === "events" && !id) {
      const sessionId = url.searchParams.get("session");
      return json(
        200,
        events.filter((event) => !sessionId || event.sessionId === sessionId),
      );
    }
    if (what === "events" && id) {
      const event = events.find((candidate) => candidate.id === id);
      if (!event) return json(404, { error: "no such event" });
      const signedSecondsAgo = Number(input.signedSecondsAgo ?? url.searchParams.get("signedSecondsAgo") ?? 0);
      if (action === "signed") return json(200, signedPayload(event, signedSecondsAgo));
      if (action === "deliver" && req.method === "POST") {
        if (!options.webhookUrl) return json(409, { error: "no webhook endpoint configured" });
        const statuses: (number | null)[] = [];
        for (let time = 0; time < Number(input.times ?? 1); time += 1) {
          statuses.push(await deliverOnce(event, signedSecondsAgo, input.tamper === true));
        }
        return json(200, { statuses });
      }
    }
    if (what === "settings" && req.method === "POST") {
      if (typeof input.holdDeliveries === "boolean") holdDeliveries = input.holdDeliveries;
      if (typeof input.deliveryDelayMs === "number") deliveryDelayMs = input.deliveryDelayMs;
      return json(200, { holdDeliveries, deliveryDelayMs });
    }
    if (what === "checkout" && id === "sessions") {
      const session = sessions.get(action ?? "");
      const verb = path[5];
      if (!session) return json(404, { error: "no such session" });
      if (verb === "refund" && req.method === "POST") {
        // A refund made in Stripe's dashboard: the whole payment, unless `amount` says less.
        if (session.payment_status !== "paid") return json(409, { error: "only a paid session can be refunded" });
        const amount = Number(input.amount ?? session.amount_total);
        const charge = {
          id: randomId("ch"),
          object: "charge",
          amount: session.amount_total,
          amount_refunded: amount,
          currency: session.currency,
          payment_intent: session.payment_intent,
          paid: true,
          refunded: amount === session.amount_total,
          status: "succeeded",
        };
        charges.set(charge.id, charge);
        emit("charge.refunded", charge, session.id, DEFAULT_API_VERSION);
        return json(200, charge);
      }
      if (verb === "settle" && req.method === "POST") {
        if (session.status !== "complete" || session.payment_status !== "unpaid") {
          return json(409, { error: "only a processing payment can be settled" });
        }
        const succeeded = input.outcome !== "failed";
        if (succeeded) session.payment_status = "paid";
        emit(
          succeeded ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed",
          session,
          session.id,
          DEFAULT_API_VERSION,
        );
        return json(200, session);
      }
    }
    return json(404, { error: "unknown emulator control" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://emulator");
    const path = url.pathname.split("/");
    const work =
      path[1] === "v1"
        ? handleApi(req, res, path.slice(1))
        : path[1] === "c" && path[2] === "pay" && path[3]
          ? handleCheckoutPage(req, res, path[3])
          : path[1] === "_emulator"
            ? handleControl(req, res, url, path)
            : Promise.resolve(void res.writeHead(404).end());
    work.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  const listening = await listenOnLoopback(server, options.port);
  baseUrl = listening.url;
  return listening;
}

/** Fresh secrets for one emulator run: the Worker and the emulator share them, nobody else. */
export function newStripeEmulatorSecrets() {
  return {
    secretKey: `sk_test_emulator${randomBytes(12).toString("hex")}`,
    webhookSecret: `whsec_emulator${randomBytes(16).toString("hex")}`,
  };
}

/**
 * The Worker's payment settings against an emulator at `apiBase`: its keys, and the seller a local
 * receipt names (marked as not a real seller).
 */
export function stripeEmulatorVars(apiBase: string, secrets: { secretKey: string; webhookSecret: string }) {
  return {
    STRIPE_SECRET_KEY: secrets.secretKey,
    STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
    STRIPE_API_BASE: apiBase,
    SELLER_NAME: "ValuSeal Ltd (local test seller)",
    SELLER_ADDRESS: "1 Example Street, London EC1A 1AA, United Kingdom",
    SELLER_TAX_NUMBERS: "UK VAT GB000000000 · KRA PIN P000000000X (test numbers)",
  };
}
