import { z } from "zod";
import { CODE_STATUSES, ISSUER_TRUST } from "../limits";
import { day, decimal, timestamp } from "./fields";

/**
 * What a lender should know before relying on a valuation. Each names no other institution and no
 * other firm: a lender learns that something exists, never whose it is.
 */
export const RELIANCE_WARNING_KINDS = ["addressed-to-another", "relied-on-elsewhere", "same-title-differs"] as const;
export type RelianceWarningKind = (typeof RELIANCE_WARNING_KINDS)[number];

export const relianceWarningAnswer = z.strictObject({
  kind: z.enum(RELIANCE_WARNING_KINDS),
  message: z.string().meta({ example: "Another institution recorded reliance on this valuation on 3 March 2026" }),
});
export type RelianceWarning = z.infer<typeof relianceWarningAnswer>;

/** The valuation a lender is about to rely on, as its certificate shows it. */
export const reliedCodeAnswer = z.strictObject({
  token: z.string().meta({ description: "The code's public token, in its address /v/<token>" }),
  verificationCode: z.string().meta({ example: "VS-7K3M-9Q2P-4H" }),
  issuerName: z.string(),
  issuerTrust: z.enum(ISSUER_TRUST),
  property: z.string().meta({ description: "The property's location, or a vehicle's description" }),
  addressee: z.string().nullable().meta({ description: "Prepared For, as the certificate shows it" }),
  marketValue: decimal,
  currency: z.string(),
  valuationDate: day,
  validUntil: day,
  status: z.enum(CODE_STATUSES),
});

/** POST /api/reliances/check: the valuation and the warnings, before anything is recorded. */
export const relianceCheckAnswer = z.strictObject({
  code: reliedCodeAnswer,
  warnings: z.array(relianceWarningAnswer),
});
export type RelianceCheck = z.infer<typeof relianceCheckAnswer>;

/** A reliance as its lender sees it: the reference only masked, never in clear. */
export const relianceAnswer = z.strictObject({
  id: z.string(),
  code: reliedCodeAnswer,
  maskedReference: z.string().meta({ example: "••••4821" }),
  amount: decimal,
  currency: z.string(),
  reliedOn: day,
  recordedAt: timestamp,
  recordedBy: z.string().nullable().meta({ description: "Who recorded it, as the team sees them" }),
});
export type Reliance = z.infer<typeof relianceAnswer>;

/** POST /api/reliances: the reliance recorded, with the warnings the lender confirmed past. */
export const relianceRecordedAnswer = z.strictObject({
  reliance: relianceAnswer,
  warnings: z.array(relianceWarningAnswer),
});
