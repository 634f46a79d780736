/** Pay per code: credits (1 credit = 1 code generated), the ledger's kinds and the thresholds users see. */

/**
 * Why a ledger entry moved a balance: a purchase paid, a code issued (−1 each), the trial a new
 * firm receives once its email is confirmed, an administrator's grant, an administrator's reversal
 * (negative, with a reason), or a correction written by a migration.
 */
export const CREDIT_ENTRY_KINDS = ["purchase", "issue", "trial", "grant", "reversal", "adjustment"] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** Credits a new firm receives once, when its owner confirms their email ("Start Free Trial"). */
export const TRIAL_CREDITS = 3;

/** What every firm registered before pay-per-code began received, so nobody was blocked (migration 0041). */
export const OPENING_GRANT_CREDITS = 50;

/** At or below this balance the owner is told the credits are running out (once per crossing). */
export const LOW_BALANCE_CREDITS = 3;

/** The most an administrator may grant or reverse in one entry. */
export const ADMIN_CREDITS_MAX = 100_000;

/** What a create without credits is answered (402, code payment_required). */
export const PAYMENT_REQUIRED_MESSAGE = "Buy code credits to generate a code";

/** The packs of credits a firm buys; a pack's price per currency is the administrators' price list. */
export const CREDIT_PACKS = [10, 50, 200] as const;
export type CreditPack = (typeof CREDIT_PACKS)[number];

/**
 * A purchase's life: pending until the provider says it was paid (paid) or cannot be (failed: the
 * checkout expired, an asynchronous payment failed); a paid purchase refunded by the provider is
 * refunded. Paid never returns to pending or failed.
 */
export const PURCHASE_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** Who took the money: a card through Stripe Checkout, or M-Pesa Express (an STK push to the payer's phone). */
export const PAYMENT_PROVIDERS = ["stripe", "mpesa"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A Kenya Revenue Authority PIN: A (a person) or P (a company), nine digits, a check letter, as on
 * the KRA's certificates ("P051234567X"). Typed in lower case or with spaces, it is stored as this.
 */
export const KRA_PIN_PATTERN = /^[AP]\d{9}[A-Z]$/;

/** A pending purchase older than this is shown to administrators as needing a look. */
export const STALE_PURCHASE_MINUTES = 60;

/** What a purchase's description reads, on Checkout, the receipt and the ledger: "50 ValuSeal code credits". */
export const packDescription = (credits: number) => `${credits} ValuSeal code credits`;

/**
 * The VAT on a net amount in minor units (the rate in basis points: 16 % is 1600, so every amount
 * stays an integer), rounded half up to a whole minor unit (KRA rounds to the
 * cent), by integer arithmetic only.
 */
export const vatOf = (netMinor: number, rateBasisPoints: number) =>
  Math.floor((netMinor * rateBasisPoints + 5_000) / 10_000);

/** What one code costs in a pack, excluding VAT, to the nearest minor unit ("KSh 500.00 a code"). */
export const pricePerCode = (pack: { netMinor: number; credits: number }) => Math.round(pack.netMinor / pack.credits);

/**
 * One M-Pesa payment prompt (an STK push) for a purchase: created, then sent to the phone; it ends
 * paid, failed (cancelled, insufficient funds, wrong PIN…: the result code says which), timed out
 * (nobody answered the phone in time) or, after 24 hours without an answer Safaricom confirms,
 * needs review by an administrator. Only Daraja's status query moves a prompt to an end; an end
 * never changes (decision 060).
 */
export const MPESA_PROMPT_STATES = ["created", "sent", "paid", "failed", "timed-out", "needs-review"] as const;
export type MpesaPromptState = (typeof MPESA_PROMPT_STATES)[number];
export const LIVE_MPESA_PROMPT_STATES = ["created", "sent"] as const satisfies readonly MpesaPromptState[];

/** How long the phone shows the prompt before M-Pesa gives up on it (result 1037). */
export const MPESA_PROMPT_SECONDS = 60;

/** M-Pesa charges whole shillings: a pack whose total has cents is paid by card. */
export const MPESA_CURRENCY = "KES";
export const payableByMpesa = (pack: { currency: string; totalMinor: number }) =>
  pack.currency === MPESA_CURRENCY && pack.totalMinor % 100 === 0;

/** Safaricom's result codes, in the words the firm is shown; any other code reads as its own description. */
export const MPESA_RESULT_MESSAGES: Partial<Record<number, string>> = {
  0: "Payment received",
  1: "M-Pesa says the balance is not enough for this payment",
  1032: "The prompt was cancelled on the phone",
  1037: "Nobody answered the prompt on the phone in time",
  2001: "The M-Pesa PIN entered was wrong",
};

/** The firm's words for how a prompt ended, or null while it waits for the phone. */
export function mpesaPromptMessage(state: MpesaPromptState, resultCode: number | null, resultDesc: string | null) {
  if (state === "paid") return MPESA_RESULT_MESSAGES[0]!;
  if (state === "needs-review") {
    return "M-Pesa has not confirmed this payment yet: ValuSeal is checking it, and your credits are added if it went through";
  }
  if (state === "failed" || state === "timed-out") {
    return (
      (resultCode === null ? undefined : MPESA_RESULT_MESSAGES[resultCode]) ??
      resultDesc ??
      "The payment did not go through"
    );
  }
  return null;
}

/** A purchase made this long ago can no longer be sent to a phone again: start a new one. */
export const MPESA_RETRY_HOURS = 24;
