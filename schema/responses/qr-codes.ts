import { z } from "zod";
import { valuerRegisterCheckSchema } from "../validation/register";
import { CODE_STATUSES, ISSUER_TRUST, VALUATION_PURPOSES } from "../limits/codes";
import { propertyMeasureFields } from "./described-code";
import { day, decimal, rowId, timestamp } from "./fields";

/** The valuer who signed a code; a deleted valuer's row is kept, so the name is still there. */
const codeSignerAnswer = z.strictObject({ name: z.string(), qualification: z.string().nullable() });
export type CodeSigner = z.infer<typeof codeSignerAnswer>;

const qrCodeFields = {
  id: rowId,
  publicToken: z.string().meta({ description: "Random token in the public verification address; never the serial id" }),
  userId: rowId.nullable(),
  companyId: rowId,
  valuationDate: day,
  marketValue: decimal,
  currency: z.string(),
  valuerId: rowId.nullable(),
  issuerName: z.string().meta({
    description: "The company's name and email when the code was issued; a later rename never changes them",
  }),
  issuerEmail: z.string(),
  propertyAddress: z.string(),
  propertyReference: z.string().nullable(),
  propertyArea: z.string().nullable(),
  propertyType: z.string(),
  ...propertyMeasureFields,
  qrCodeData: z.string().meta({ description: "The public verification address the image encodes" }),
  verificationCount: z.number().int(),
  revokedAt: timestamp.nullable(),
  revokedReason: z.string().nullable(),
  supersededById: rowId.nullable(),
  addressee: z.string().nullable().meta({ description: "The lender or client the report was prepared for" }),
  purpose: z.enum(VALUATION_PURPOSES).nullable(),
  inspectionDate: day.nullable(),
  forcedSaleValue: decimal.nullable().meta({ description: "In the code's currency; never above marketValue" }),
  titleNumber: z.string().nullable().meta({ description: "Title or land reference number (Real Estate only)" }),
  externalReference: z.string().nullable().meta({
    description:
      "The firm's own reference for the report (its job number), unique within the firm; never on the certificate",
  }),
  validUntil: day.meta({ description: 'The day the valuation expires: from then on its status is "expired"' }),
  verificationCode: z.string().meta({
    description: 'The short code typed on /verify, as printed: "VS-7K3M-9Q2P-4H"',
    example: "VS-7K3M-9Q2P-4H",
  }),
  status: z.enum(CODE_STATUSES).meta({ description: "Computed when the code was read" }),
  createdAt: timestamp,
  updatedAt: timestamp,
  valuer: codeSignerAnswer.nullable(),
  issuerTrust: z
    .enum(ISSUER_TRUST)
    .meta({ description: "ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule)" }),
  valuerRegisterCheck: valuerRegisterCheckSchema,
};

/**
 * A verification code as the company's lists answer it (GET /api/qr-codes, an array without
 * `page`, a Page with it). Money, sizes and coordinates are decimal strings, exactly as stored.
 */
export const qrCodeAnswer = z.strictObject(qrCodeFields);
export type QrCode = z.infer<typeof qrCodeAnswer>;

/** One code read on its own (GET /api/qr-codes/:id, and the answer of POST /api/qr-codes): with its SVG image. */
export const qrCodeWithImageAnswer = z.strictObject({
  ...qrCodeFields,
  qrCodeDataUrl: z.string().meta({ description: "The image as a data: URL, drawn from qrCodeData on every read" }),
  signerNow: codeSignerAnswer.nullable().optional().meta({
    description:
      "GET /api/qr-codes/:id only: the signing valuer's details as they are now, when an edit made them differ from the ones frozen on the certificate (`valuer`); null when they are the same",
  }),
});
export type QrCodeWithImage = z.infer<typeof qrCodeWithImageAnswer>;

/** The answer of POST /api/qr-codes/batch: one result per row, in the order sent. */
export const codeBatchAnswer = z.strictObject({
  results: z.array(
    z.strictObject({
      externalReference: z.string(),
      status: z.enum(["created", "existing"]).meta({
        description: '"existing": the reference already had this code (an earlier upload, or this part sent again)',
      }),
      code: qrCodeWithImageAnswer,
    }),
  ),
});
export type CodeBatchAnswer = z.infer<typeof codeBatchAnswer>;
