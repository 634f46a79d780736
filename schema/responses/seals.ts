import { z } from "zod";
import { valuerRegisterCheckSchema } from "../validation/register";
import { COPY_VERDICTS, ISSUER_TRUST, REPORT_TONES } from "../limits/codes";
import { CERTIFICATE_STATUSES } from "../validation/certificate";
import { decimal, timestamp } from "./fields";

/** One sealed version of a code's report (GET /api/qr-codes/:id/seals, newest first; POST answers one). */
const reportSealFields = {
  version: z.number().int().positive(),
  sha256: z.string(),
  pageCount: z.number().int().positive(),
  sealedAt: timestamp,
  sealedBy: z
    .string()
    .nullable()
    .meta({ description: "Who sealed it, as the team sees them; null once that user is gone" }),
};
export const reportSealAnswer = z.strictObject(reportSealFields);

/**
 * The "Download signed record" file: the certificate's compact JWS with a short explanation, so a
 * person who finds the file in a loan folder years later knows what it is and how to check it.
 */
export const signedRecordFileAnswer = z.strictObject({
  about: z.string(),
  howToCheck: z.string(),
  keys: z.string(),
  status: z.string(),
  record: z.string().meta({ description: "The certificate as it stands: the latest record" }),
  history: z.array(z.string()).meta({
    description: "Every earlier record of the code, oldest first: as issued, each withdrawal, reinstatement and seal",
  }),
  unsignedChange: z.string().nullable().meta({
    description:
      "Set when the code's state now is newer than its last signed record (a withdrawal while signing was paused): what changed. The status link answers the state now, signed.",
  }),
});
export type SignedRecordFile = z.infer<typeof signedRecordFileAnswer>;

/**
 * POST /api/qr-codes/:id/seals: the version registered and the code's signed record file, which
 * the browser attaches to the sealed PDF (verifier/attachment.ts). While signing is paused a seal
 * is refused (503), so a sealed version always has its record.
 */
export const registeredSealAnswer = z.strictObject({
  ...reportSealFields,
  signedRecord: signedRecordFileAnswer,
});
export type RegisteredSeal = z.infer<typeof registeredSealAnswer>;

const checkedCodeAnswer = z.strictObject({
  address: z.string().meta({ description: "The code's verification address, `<origin>/v/<token>`" }),
  issuerName: z.string(),
  issuerVerified: z
    .boolean()
    .meta({ description: 'Whether ValuSeal vouches for the issuer (issuerTrust is "verified")' }),
  issuerTrust: z.enum(ISSUER_TRUST),
  valuerRegisterCheck: valuerRegisterCheckSchema,
  issuerClosedAt: timestamp.nullable().meta({
    description:
      "When the issuer's account closed, if it did: said beside the verdict, which it does not change (nobody at the firm can withdraw or replace the report any more)",
  }),
  property: z.string().meta({ description: "The property's location, or a vehicle's description (codeTitle)" }),
  marketValue: decimal,
  currency: z.string(),
});

/**
 * POST /api/public/certificates/:token/check. `matchedVersion` is the sealed version the copy was
 * judged against (null when it matches none), `latestVersion` the newest (null when the code was
 * never sealed); `differingPages` lists page numbers whose text differs, for `pages-differ`.
 */
export const copyCheckAnswer = z.strictObject({
  verdict: z.enum(COPY_VERDICTS),
  tone: z.enum(REPORT_TONES).meta({
    description:
      "The check's colour by the one rule every ValuSeal verifier uses (verifier/judge.ts): valid only for the exact sealed file of the latest version of a standing code from an issuer ValuSeal verified; invalid for a file that is not the sealed report or a withdrawn code; warning otherwise",
  }),
  differingPages: z.array(z.number().int().positive()).optional(),
  sealedAt: timestamp.nullable(),
  pageCount: z.number().int().nullable(),
  matchedVersion: z.number().int().nullable(),
  latestVersion: z.number().int().nullable(),
  codeStatus: z.enum(CERTIFICATE_STATUSES),
  code: checkedCodeAnswer.meta({
    description:
      "The code the copy was checked against, as its public certificate shows it, so the reader can see whose code it is and compare it with the report (and with where the pages' QR codes lead)",
  }),
});
export type CopyCheck = z.infer<typeof copyCheckAnswer>;
