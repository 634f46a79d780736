import { z } from "zod";
import { DAY_MS, LIMITS } from "../limits";
import { CODE_STATUSES } from "../limits/codes";
import { RELIANCE_ACKNOWLEDGEMENTS } from "../reliance-acknowledgements";
import { requiredText } from "./common";
import { paginationQuerySchema } from "./pagination";
import { calendarDate, requiredDecimal } from "./qr-codes";

/**
 * A day is "not in the future" up to the end of tomorrow in UTC, so a lender east of Greenwich
 * entering its own today is never refused.
 */
const notFuture = (day: Date) => day.getTime() <= Date.now() + DAY_MS;
/** A day from today on, by the same margin the other way. */
const notPast = (day: Date) => day.getTime() >= Date.now() - 2 * DAY_MS;

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
  reliedOn: calendarDate("The date of the reliance is required").refine(
    notFuture,
    "The date of the reliance cannot be in the future",
  ),
  /**
   * What the lender confirmed it relies on the valuation despite (schema/reliance-acknowledgements.ts):
   * every point the check raised must be here, or the reliance is refused (409).
   */
  acknowledged: z
    .array(z.enum(RELIANCE_ACKNOWLEDGEMENTS, { error: "Not something a reliance asks to confirm" }))
    .max(RELIANCE_ACKNOWLEDGEMENTS.length)
    .default([]),
});
export type RecordRelianceInput = z.input<typeof recordRelianceSchema>;
export type RecordReliance = z.output<typeof recordRelianceSchema>;

/** POST /api/watches and POST /api/reliances/letters: the code, as for reliance. */
export const watchCodeSchema = z.object({ code: codeField });
export type WatchCodeInput = z.input<typeof watchCodeSchema>;

/**
 * The Portfolio's one filter: a status, or "expiring" (valid, and valid for at most 30 more days);
 * none lists every watched code.
 */
export const PORTFOLIO_VIEWS = [...CODE_STATUSES, "expiring"] as const;
export type PortfolioView = (typeof PORTFOLIO_VIEWS)[number];
export const portfolioQuerySchema = paginationQuerySchema.extend({
  show: z.enum(PORTFOLIO_VIEWS, { error: "Choose a status or expiring" }).optional(),
});
export type PortfolioQuery = z.infer<typeof portfolioQuerySchema>;
export const portfolioExportQuerySchema = portfolioQuerySchema.pick({ show: true });

const CHANGED_SINCE_FORMAT = "changedSince must be an ISO 8601 time, like 2026-11-20T08:00:00Z";

/**
 * GET /api/v1/watches: the watched codes that changed after the cursor of the previous answer, or
 * after a moment (ISO 8601, years 1970 to 9999), or all of them.
 */
export const watchFeedQuerySchema = z.object({
  changedSince: z.iso
    .datetime({ offset: true, error: CHANGED_SINCE_FORMAT })
    .transform((text) => new Date(text))
    .refine((moment) => moment.getUTCFullYear() >= 1970 && moment.getUTCFullYear() <= 9999, CHANGED_SINCE_FORMAT)
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "Send back a cursor this feed answered")
    .optional(),
});

const LETTER_REASON_REQUIRED = "Say why the letter is declined";
/** The owner's answer to a reliance-letter request: granted until a day, or declined with a reason. */
export const letterDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({
      decision: z.literal("granted"),
      relianceUntil: calendarDate("The date reliance ends is required").refine(
        notPast,
        "Reliance must extend to today or later",
      ),
    }),
    z.object({
      decision: z.literal("declined"),
      reason: requiredText(LIMITS.letterDeclineReason, LETTER_REASON_REQUIRED),
    }),
  ],
  { error: "Grant or decline the letter" },
);
export type LetterDecisionInput = z.output<typeof letterDecisionSchema>;
export type LetterDecisionForm = z.input<typeof letterDecisionSchema>;
