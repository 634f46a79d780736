import { z } from "zod";
import { valuerRegisterCheckSchema } from "../validation/register";
import { LETTER_STATES, WATCH_NOTICE_KINDS } from "../limits/lenders";
import { CODE_STATUSES, ISSUER_TRUST } from "../limits/codes";
import { RELIANCE_ACKNOWLEDGEMENTS } from "../reliance-acknowledgements";
import { day, decimal, timestamp } from "./fields";

/**
 * What a lender should know before relying on a valuation. Each names no other institution and no
 * other firm: a lender learns that something exists, never whose it is.
 */
const RELIANCE_WARNING_KINDS = ["addressed-to-another", "relied-on-elsewhere", "same-title-differs"] as const;
export type RelianceWarningKind = (typeof RELIANCE_WARNING_KINDS)[number];

const relianceWarningAnswer = z.strictObject({
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
  valuerRegisterCheck: valuerRegisterCheckSchema,
  property: z.string().meta({ description: "The property's location, or a vehicle's description" }),
  addressee: z.string().nullable().meta({ description: "Prepared For, as the certificate shows it" }),
  marketValue: decimal,
  currency: z.string(),
  valuationDate: day,
  validUntil: day,
  status: z.enum(CODE_STATUSES),
  issuerSuspendedAt: timestamp.nullable().meta({ description: "When ValuSeal suspended the issuer, if it did" }),
  issuerClosedAt: timestamp.nullable().meta({ description: "When the issuer's account closed, if it did" }),
  revokedReason: z.string().nullable().meta({ description: "The issuer's reason, when it revoked the valuation" }),
});

/** The lender's own reliance-letter request for a valuation, and the issuer's answer. */
const lenderLetterAnswer = z.strictObject({
  state: z.enum(LETTER_STATES),
  requestedAt: timestamp,
  relianceUntil: day.nullable(),
  reason: z.string().nullable(),
});

/** POST /api/reliances/check: the valuation and the warnings, before anything is recorded. */
export const relianceCheckAnswer = z.strictObject({
  code: reliedCodeAnswer,
  warnings: z.array(relianceWarningAnswer),
  mustConfirm: z.array(z.enum(RELIANCE_ACKNOWLEDGEMENTS)).meta({
    description:
      "What the lender must confirm to rely on it, sent back in POST /reliances as acknowledged: the certificate's amber verdict (ValuSeal does not vouch for the issuer), and addressed-to-another without a reliance letter in force",
  }),
  letter: lenderLetterAnswer.nullable().meta({
    description: "The lender's reliance-letter request, if it asked; a letter in force answers the addressee warning",
  }),
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

/** A watched code as the Portfolio and the watches feed show it: references masked. */
export const watchedCodeAnswer = z.strictObject({
  id: z.string().meta({ description: "The watch's id" }),
  code: reliedCodeAnswer,
  watchingSince: timestamp,
  changedAt: timestamp.meta({
    description:
      "When the watch last changed: made, or the code revoked, replaced, expired, reinstated or relied on again",
  }),
  lastChange: z
    .strictObject({ kind: z.enum(WATCH_NOTICE_KINDS), at: timestamp })
    .nullable()
    .meta({ description: "The last change the lender was told of" }),
  supersededBy: z
    .strictObject({ token: z.string(), verificationCode: z.string() })
    .nullable()
    .meta({ description: "The code that replaces a superseded one" }),
  reliances: z.array(
    z.strictObject({
      id: z.string(),
      maskedReference: z.string().meta({ example: "••••4821" }),
      amount: decimal,
      currency: z.string(),
      reliedOn: day,
    }),
  ),
  letter: lenderLetterAnswer
    .nullable()
    .meta({ description: "The lender's reliance-letter request for this code, and the issuer's answer" }),
});
export type WatchedCode = z.infer<typeof watchedCodeAnswer>;

/** GET /api/v1/watches: the changes since the time asked, oldest first. */
export const watchFeedAnswer = z.strictObject({
  items: z.array(watchedCodeAnswer),
  hasMore: z.boolean().meta({ description: "More changed than one answer holds: ask again at once with `cursor`" }),
  cursor: z
    .string()
    .nullable()
    .meta({ description: "Send it back as `cursor` to get only what changed after this answer" }),
});

/** A reliance-letter request as the issuing firm sees it: the lender is named, since the letter is addressed to it. */
const letterRequestAnswer = z.strictObject({
  id: z.string(),
  lenderName: z.string(),
  requestedAt: timestamp,
  state: z.enum(LETTER_STATES),
  relianceUntil: day.nullable(),
  reason: z.string().nullable(),
  decidedAt: timestamp.nullable(),
});

/** A code's reliance as its firm sees it: how many institutions (never which), and the letters. */
export const codeRelianceAnswer = z.strictObject({
  institutions: z.number().int().nonnegative(),
  letters: z.array(letterRequestAnswer),
});
export type CodeReliance = z.infer<typeof codeRelianceAnswer>;
