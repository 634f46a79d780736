import { z } from "zod";
import { CREDIT_ENTRY_KINDS } from "../limits/billing";
import { rowId, timestamp } from "./fields";
import { pageAnswer } from "./page";

/** One change to the firm's credits, as the Billing screen's ledger lists it. */
export const creditEntryAnswer = z.strictObject({
  id: rowId,
  kind: z.enum(CREDIT_ENTRY_KINDS),
  credits: z.number().int().meta({ description: "The change: +50 bought, −1 for a code issued" }),
  balanceAfter: z.number().int().nonnegative(),
  codeId: rowId.nullable().meta({ description: "The code an issue paid for" }),
  reason: z.string().nullable().meta({ description: "Why an administrator granted or reversed credits" }),
  createdAt: timestamp,
});
export type CreditEntry = z.infer<typeof creditEntryAnswer>;

/** GET /api/billing: the firm's balance and one page of its ledger, newest first. */
export const billingAnswer = z.strictObject({
  balance: z.number().int().nonnegative().meta({ description: "Credits left: one pays for one code" }),
  ledger: pageAnswer(creditEntryAnswer),
});
export type Billing = z.infer<typeof billingAnswer>;
