import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { billingAnswer, billingDetailsAnswer, purchaseAnswer, startedPurchaseAnswer } from "#schema/responses/index.ts";
import {
  billingDetailsSchema,
  mpesaPromptAgainSchema,
  mpesaPurchaseRequestSchema,
  purchaseRequestSchema,
} from "#schema/validation/billing.ts";
import { paginationQuerySchema } from "#schema/validation/pagination.ts";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../lib/errors";
import { receiptCheckUrl, receiptFileName, receiptPdf } from "../lib/receipt-pdf";
import { signerFor } from "../lib/signing";
import { verifiedStripeEvent } from "../lib/stripe";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireIssuerOrganisation,
  requireUser,
} from "../middleware/auth";
import { rateLimitByAddress } from "../middleware/rate-limit";
import { queueEmails } from "../request/after-response";
import { currentCompanyId } from "../request/company";
import { publicOrigin } from "../request/public-origin";
import { billingDetailsOf, detailsComplete, saveBillingDetails } from "../services/billing/billing-details";
import { creditBalance, creditLedgerPage } from "../services/billing/credits";
import { currentPrices, shownPrice } from "../services/billing/prices";
import {
  acceptStripeEvent,
  CARD_PAYMENTS_OFF,
  cancelCardPurchase,
  purchaseOf,
  recentPurchases,
  startCardPurchase,
  type CardPayments,
} from "../services/billing/purchases";
import { RECEIPT_NOT_FOUND, signedReceipt } from "../services/billing/receipts";
import {
  CALLBACK_ACCEPTED,
  keepMpesaCallback,
  MPESA_PAYMENTS_OFF,
  sendPromptAgain,
  startMpesaPurchase,
  type MpesaPayments,
} from "../services/billing/mpesa";
import { documentedRoutes, jsonAnswer, jsonBody, textParams } from "./contract";

/** The ledger's default page: a month of a busy firm's issues at a glance. */
const LEDGER_PAGE_SIZE = 25;
/** A Stripe event is a few kilobytes; anything far larger is not one, and is refused unread. */
const STRIPE_EVENT_MAX_BYTES = 256 * 1024;

const firmMember = [requireUser, requireCompanyUser, requireIssuerOrganisation] as const;
const firmOwner = [...firmMember, requireCompanyOwner("Only the firm's owner can buy credits")] as const;

/** The configured card payments, or 503 when this server has none. */
function cardPayments(c: Context<AppEnv>): CardPayments {
  const payments = c.var.config.payments;
  if (!payments?.stripe) throw new ApiError(503, CARD_PAYMENTS_OFF);
  return { ...payments, stripe: payments.stripe };
}

/** The configured M-Pesa payments, or 503 when this server has none. */
function mpesaPayments(c: Context<AppEnv>): MpesaPayments {
  const payments = c.var.config.payments;
  if (!payments?.mpesa) throw new ApiError(503, MPESA_PAYMENTS_OFF);
  return { ...payments, mpesa: payments.mpesa };
}

/** A Safaricom callback is about a kilobyte; anything far larger is not one, and is refused unread. */
const MPESA_CALLBACK_MAX_BYTES = 16 * 1024;

const getBilling = createRoute({
  method: "get",
  path: "/",
  middleware: [...firmMember] as const,
  request: { query: paginationQuerySchema },
  responses: { 200: jsonAnswer(billingAnswer, "The firm's credits, prices, purchases and ledger") },
});

const putDetails = createRoute({
  method: "put",
  path: "/details",
  middleware: [...firmOwner] as const,
  request: jsonBody(billingDetailsSchema),
  responses: { 200: jsonAnswer(billingDetailsAnswer, "Who the firm's receipts are made out to") },
});

const postPurchase = createRoute({
  method: "post",
  path: "/purchases",
  middleware: [...firmOwner, requireActiveCompany, requireConfirmedEmail("buy credits")] as const,
  request: jsonBody(purchaseRequestSchema),
  responses: {
    201: jsonAnswer(startedPurchaseAnswer, "The pending purchase and the Checkout page to pay it on"),
  },
});

/** A prompt rings a phone: the owner's, a few a minute per network, after the owner is known. */
const promptSender = [
  ...firmOwner,
  requireActiveCompany,
  requireConfirmedEmail("buy credits"),
  rateLimitByAddress("EMAIL_LIMITER"),
] as const;

const postMpesaPurchase = createRoute({
  method: "post",
  path: "/mpesa",
  middleware: [...promptSender] as const,
  request: jsonBody(mpesaPurchaseRequestSchema),
  responses: {
    201: jsonAnswer(purchaseAnswer, "The pending purchase; the payment prompt is on the phone"),
  },
});

const postPromptAgain = createRoute({
  method: "post",
  path: "/purchases/{id}/mpesa",
  middleware: [...promptSender] as const,
  request: { params: textParams("id"), ...jsonBody(mpesaPromptAgainSchema) },
  responses: { 200: jsonAnswer(purchaseAnswer, "The purchase; a new payment prompt is on the phone") },
});

const postMpesaCallback = createRoute({
  method: "post",
  path: "/mpesa/callback/{token}",
  middleware: [rateLimitByAddress("API_NETWORK_LIMITER")] as const,
  request: { params: textParams("token") },
  responses: {
    200: jsonAnswer(
      z.strictObject({ ResultCode: z.literal(0), ResultDesc: z.literal("Accepted") }),
      "Kept; the payment is confirmed by asking M-Pesa, never by this message",
    ),
  },
});

const getPurchase = createRoute({
  method: "get",
  path: "/purchases/{id}",
  middleware: [...firmMember] as const,
  request: { params: textParams("id") },
  responses: { 200: jsonAnswer(purchaseAnswer, "The purchase: pending, paid (with its receipt) or failed") },
});

const cancelPurchase = createRoute({
  method: "post",
  path: "/purchases/{id}/cancel",
  middleware: [...firmOwner] as const,
  request: { params: textParams("id") },
  responses: { 200: jsonAnswer(purchaseAnswer, "The purchase, its Checkout closed unpaid (or paid after all)") },
});

const getReceiptPdf = createRoute({
  method: "get",
  path: "/receipts/{id}/pdf",
  middleware: [...firmMember] as const,
  request: { params: textParams("id") },
  responses: {
    200: {
      description: "The receipt (tax invoice) as a PDF",
      content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
    },
  },
});

const postStripeEvent = createRoute({
  method: "post",
  path: "/stripe/events",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER")] as const,
  responses: {
    200: jsonAnswer(z.strictObject({ received: z.literal(true) }), "The event is kept (once) and acted on"),
  },
});

/**
 * /api/billing: a valuation firm's credits. Every member sees the balance, prices, purchases and
 * ledger (what each code cost is no secret within the firm); buying and the receipts' details are
 * the owner's. Lenders pay nothing and have no billing. Stripe's events arrive at
 * /api/billing/stripe/events, trusted only when their signature is the endpoint secret's; M-Pesa's
 * callbacks at /api/billing/mpesa/callback/<token>, trusted for nothing (decision 060).
 */
export const billingRoutes = documentedRoutes()
  .openapi(getBilling, async (c) => {
    const companyId = currentCompanyId(c);
    const { page = 1, pageSize = LEDGER_PAGE_SIZE } = c.req.valid("query");
    const { details, currency, inKenya } = await billingDetailsOf(c.var.db, companyId);
    const [balance, ledger, packs, purchases] = await Promise.all([
      creditBalance(c.var.db, companyId),
      creditLedgerPage(c.var.db, companyId, page, pageSize),
      currentPrices(c.var.db, currency, c.var.config.vatRateBasisPoints),
      recentPurchases(c.var.db, companyId),
    ]);
    const cardPaymentsOn = Boolean(c.var.config.payments?.stripe);
    const mpesaPaymentsOn = Boolean(c.var.config.payments?.mpesa);
    return c.json(
      {
        balance,
        ledger,
        cardPayments: cardPaymentsOn,
        mpesaPayments: mpesaPaymentsOn,
        details,
        detailsComplete: detailsComplete(details, inKenya),
        currency,
        packs: packs.map(shownPrice),
        purchases,
      },
      200,
    );
  })
  .openapi(putDetails, async (c) => {
    const details = await saveBillingDetails(c.var.db, currentCompanyId(c), c.req.valid("json"));
    return c.json(details, 200);
  })
  .openapi(postPurchase, async (c) => {
    const payments = cardPayments(c);
    const { credits } = c.req.valid("json");
    const started = await startCardPurchase(c.var.db, payments, {
      companyId: currentCompanyId(c),
      userId: c.var.user.id,
      email: c.var.user.email,
      credits,
      origin: publicOrigin(c),
    });
    return c.json(started, 201);
  })
  .openapi(postMpesaPurchase, async (c) => {
    const { credits, phone } = c.req.valid("json");
    const purchase = await startMpesaPurchase(c.var.transactional(), mpesaPayments(c), c.env.PAYMENTS, {
      companyId: currentCompanyId(c),
      userId: c.var.user.id,
      credits,
      phone,
      origin: publicOrigin(c),
    });
    return c.json(purchase, 201);
  })
  .openapi(postPromptAgain, async (c) => {
    const purchase = await sendPromptAgain(c.var.transactional(), mpesaPayments(c), c.env.PAYMENTS, {
      companyId: currentCompanyId(c),
      publicId: c.req.valid("param").id,
      phone: c.req.valid("json").phone,
      origin: publicOrigin(c),
    });
    return c.json(purchase, 200);
  })
  .openapi(postMpesaCallback, async (c) => {
    mpesaPayments(c);
    const length = Number(c.req.header("Content-Length") ?? 0);
    if (length > MPESA_CALLBACK_MAX_BYTES) throw new ApiError(413, "A callback is at most 16 KB");
    const rawBody = await c.req.text();
    if (rawBody.length > MPESA_CALLBACK_MAX_BYTES) throw new ApiError(413, "A callback is at most 16 KB");
    const promptId = await keepMpesaCallback(
      c.var.db,
      c.req.valid("param").token,
      rawBody,
      c.req.header("CF-Connecting-IP") ?? null,
    );
    if (promptId === null) throw notFound("No payment prompt has this address");
    // Asked at once: the query, not this message, says whether it was paid.
    await c.env.PAYMENTS.send({ promptId });
    return c.json(CALLBACK_ACCEPTED, 200);
  })
  .openapi(getPurchase, async (c) => {
    return c.json(await purchaseOf(c.var.db, currentCompanyId(c), c.req.valid("param").id), 200);
  })
  .openapi(cancelPurchase, async (c) => {
    const purchase = await cancelCardPurchase(c.var.db, cardPayments(c), currentCompanyId(c), c.req.valid("param").id);
    return c.json(purchase, 200);
  })
  .openapi(getReceiptPdf, async (c) => {
    const receipt = await signedReceipt(c.var.db, c.req.valid("param").id);
    if (receipt.companyId !== currentCompanyId(c)) throw notFound(RECEIPT_NOT_FOUND);
    const pdf = receiptPdf(receipt.document, receiptCheckUrl(publicOrigin(c), receipt.id));
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(receipt.document.number)}"`,
      "Cache-Control": "private, no-store",
    });
  })
  .openapi(postStripeEvent, async (c) => {
    const payments = cardPayments(c);
    const length = Number(c.req.header("Content-Length") ?? 0);
    if (length > STRIPE_EVENT_MAX_BYTES) throw new ApiError(413, "An event is at most 256 KB");
    // The signature covers the exact bytes: the body is read as text, never parsed and re-written.
    const rawBody = await c.req.text();
    if (rawBody.length > STRIPE_EVENT_MAX_BYTES) throw new ApiError(413, "An event is at most 256 KB");
    const event = await verifiedStripeEvent(payments.stripe, rawBody, c.req.header("Stripe-Signature"));
    if (!event) {
      throw new ApiError(400, "The Stripe-Signature does not match this body, or is older than 5 minutes");
    }
    const signing = { signer: await signerFor(c.var.config.SIGNING_KEY), origin: publicOrigin(c) };
    const outcome = await acceptStripeEvent(c.var.transactional(), payments, signing, event);
    queueEmails(c, outcome.emails);
    return c.json({ received: true as const }, 200);
  });
