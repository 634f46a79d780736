import { z } from "zod";
import { LIMITS } from "../limits";
import { CREDIT_PACKS, KRA_PIN_PATTERN } from "../limits/billing";
import { CURRENCIES } from "../limits/codes";
import { requiredText } from "./common";

/** A KRA PIN as typed ("p051 234 567x"): spaces gone, capitals, then the KRA's pattern. */
export const kraPinField = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .refine((value) => value === "" || KRA_PIN_PATTERN.test(value), "Enter a KRA PIN like P051234567X")
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * PUT /api/billing/details: who a receipt is made out to, and the currency the firm pays in. The
 * KRA PIN is what a Kenyan accountant needs on a tax invoice; a firm in Kenya must give it
 * (worker/services/billing/billing-details.ts).
 */
export const billingDetailsSchema = z.strictObject({
  legalName: requiredText(LIMITS.companyName, "Enter the firm's registered name"),
  postalAddress: requiredText(LIMITS.billingAddress, "Enter the firm's postal address"),
  kraPin: kraPinField,
  currency: z.enum(CURRENCIES, { error: "Choose KES or USD" }),
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;

/** POST /api/billing/purchases: one pack, in the firm's currency (its billing details). */
export const purchaseRequestSchema = z.strictObject({
  credits: z.union(
    CREDIT_PACKS.map((pack) => z.literal(pack)),
    { error: `Choose a pack of ${CREDIT_PACKS.join(", ")} credits` },
  ),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

/** GET /api/pricing?currency=KES */
export const pricingQuerySchema = z.strictObject({
  currency: z.enum(CURRENCIES, { error: "Choose KES or USD" }).optional(),
});

/** "5000", "5,000.50": an amount typed in major units, as minor units (cents), by text alone. */
export const amountInMinorUnits = z
  .string({ error: "Enter the price, like 5000.00" })
  .transform((value) => value.trim().replace(/,/g, ""))
  .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), "Enter the price, like 5000.00")
  .transform((value) => {
    const [whole = "0", cents = ""] = value.split(".");
    return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  })
  .refine((minor) => minor > 0, "A price is more than 0");

/**
 * POST /api/admin/billing/prices: a pack's new price in a currency, excluding VAT, from a day on
 * (today: at once). A price is never back-dated: what a firm was charged stays what the list said.
 */
export const newPriceSchema = z.strictObject({
  credits: purchaseRequestSchema.shape.credits,
  currency: z.enum(CURRENCIES, { error: "Choose KES or USD" }),
  amount: amountInMinorUnits,
  effectiveFrom: z.iso.date({ error: "Enter the day it starts, like 2027-01-01" }),
});
export type NewPriceInput = z.input<typeof newPriceSchema>;
export type NewPrice = z.output<typeof newPriceSchema>;

/**
 * A Kenyan mobile number for an M-Pesa prompt, as people write it (0712 345 678, 0112…, +254 712…,
 * 254712…), stored as Safaricom wants it: 2547XXXXXXXX or 2541XXXXXXXX. Anything else is refused
 * on the field.
 */
export const mpesaPhoneField = z
  .string({ error: "Enter the M-Pesa phone number, like 0712 345 678" })
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .transform((value) => value.replace(/^\+?254(?=[17]\d{8}$)/, "0"))
  .refine((value) => /^0[17]\d{8}$/.test(value), "Enter the M-Pesa phone number, like 0712 345 678")
  .transform((value) => `254${value.slice(1)}`);

/** POST /api/billing/mpesa: a pack, paid from this phone. */
export const mpesaPurchaseRequestSchema = z.strictObject({
  credits: purchaseRequestSchema.shape.credits,
  phone: mpesaPhoneField,
});
export type MpesaPurchaseRequestInput = z.input<typeof mpesaPurchaseRequestSchema>;

/** POST /api/billing/purchases/{id}/mpesa: the purchase's prompt sent again, to this phone or (none given) the last one's. */
export const mpesaPromptAgainSchema = z.strictObject({
  phone: z
    .string({ error: "Enter the M-Pesa phone number, like 0712 345 678" })
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(mpesaPhoneField.optional()),
});
export type MpesaPromptAgainInput = z.input<typeof mpesaPromptAgainSchema>;

/**
 * POST /api/admin/billing/mpesa/{id}: an administrator settles a payment M-Pesa never confirmed,
 * from the M-Pesa organisation portal: paid with its receipt number, or not paid with why.
 */
export const mpesaReviewSchema = z.discriminatedUnion(
  "paid",
  [
    z.strictObject({
      paid: z.literal(true),
      mpesaReceipt: z
        .string({ error: "Enter the M-Pesa receipt number, like SLK4H7RT61" })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{8,20}$/, "Enter the M-Pesa receipt number, like SLK4H7RT61"),
    }),
    z.strictObject({
      paid: z.literal(false),
      note: z
        .string({ error: "Say what the M-Pesa portal shows" })
        .trim()
        .min(3, "Say what the M-Pesa portal shows")
        .max(300, "At most 300 characters"),
    }),
  ],
  { error: "Choose paid or not paid" },
);
export type MpesaReviewInput = z.input<typeof mpesaReviewSchema>;
