import { z } from "zod";
import { LIMITS } from "../limits";
import { requiredText } from "./common";
import { calendarDate, requiredDecimal } from "./qr-codes";

/**
 * The valuation a lender relies on, as it has it: the code's public token (from the scanned
 * address) or the verification code printed on the report ("VS-7K3M-9Q2P-4H", typed any way).
 */
const codeField = requiredText(64, "Enter the verification code or scan the report's QR code");

/** Before recording: the certificate's status and what the lender should know about it. */
export const relianceCheckSchema = z.object({ code: codeField });
export type RelianceCheckInput = z.input<typeof relianceCheckSchema>;

export const recordRelianceSchema = z.object({
  code: codeField,
  /** The loan or facility reference in the lender's own system; stored only as a keyed hash. */
  reference: requiredText(LIMITS.relianceReference, "The loan or facility reference is required"),
  amount: requiredDecimal("Amount lent", 15, 2),
  reliedOn: calendarDate("The date of the reliance is required"),
});
export type RecordRelianceInput = z.input<typeof recordRelianceSchema>;
export type RecordReliance = z.output<typeof recordRelianceSchema>;
