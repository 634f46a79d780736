import type { CodeStatusName, IssuerTrust, ValuationPurpose } from "../limits";

/** The valuer who signed a code; a deleted valuer's row is kept, so the name is still there. */
export interface CodeSigner {
  name: string;
  qualification: string | null;
}

/**
 * A verification code as the company's lists answer it (GET /api/qr-codes, an array without
 * `page`, a Page with it). Money, sizes and coordinates are decimal strings, exactly as stored.
 */
export interface QrCode {
  id: number;
  /** Random token in the public verification address; never the serial id. */
  publicToken: string;
  userId: number | null;
  companyId: number;
  valuationDate: Date;
  marketValue: string;
  currency: string;
  valuerId: number | null;
  /** The company's name and email when the code was issued; a later rename never changes them. */
  issuerName: string;
  issuerEmail: string;
  propertyAddress: string;
  propertyReference: string | null;
  propertyArea: string | null;
  propertyType: string;
  propertySize: string | null;
  propertySizeUnit: string | null;
  landSize: string | null;
  landSizeUnit: string | null;
  latitude: string | null;
  longitude: string | null;
  /** The public verification address the image encodes. */
  qrCodeData: string;
  qrCodeUrl: string | null;
  verificationCount: number;
  isActive: boolean;
  revokedAt: Date | null;
  revokedReason: string | null;
  supersededById: number | null;
  /** The lender or client the report was prepared for. */
  addressee: string | null;
  purpose: ValuationPurpose | null;
  /** The day the property was inspected (midnight UTC). */
  inspectionDate: Date | null;
  /** Decimal string in the code's currency; never above marketValue. */
  forcedSaleValue: string | null;
  /** Title or land reference number (Real Estate only). */
  titleNumber: string | null;
  /** The firm's own reference for the report (its job number), unique within the firm; never on the certificate. */
  externalReference: string | null;
  /** The day the valuation expires (midnight UTC): from then on its status is "expired". */
  validUntil: Date;
  /** The short code typed on /verify, as printed and typed: "VS-7K3M-9Q2P-4H" (stored bare). */
  verificationCode: string;
  /** One of CODE_STATUSES, computed when the code was read. */
  status: CodeStatusName;
  createdAt: Date;
  updatedAt: Date;
  valuer: CodeSigner | null;
  /** ValuSeal's trust in the issuer identity frozen on the code (the certificate's rule). */
  issuerTrust: IssuerTrust;
}

/** One code read on its own (GET /api/qr-codes/:id, and the answer of POST /api/qr-codes): with its SVG image. */
export interface QrCodeWithImage extends QrCode {
  /** The image as a data: URL, drawn from qrCodeData on every read. */
  qrCodeDataUrl: string;
  /**
   * GET /api/qr-codes/:id only: the signing valuer's details as they are now, when an edit made
   * them differ from the ones frozen on the certificate (`valuer`); null when they are the same.
   */
  signerNow?: CodeSigner | null;
}

/** The answer of POST /api/qr-codes/batch: one result per row, in the order sent. */
export interface CodeBatchAnswer {
  results: {
    externalReference: string;
    /** "existing": the reference already had this code (an earlier upload, or this part sent again). */
    status: "created" | "existing";
    code: QrCodeWithImage;
  }[];
}
