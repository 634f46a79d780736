import type { SignedRecordFile } from "../signed-record-file";
import type { CertificateStatus } from "../validation/certificate";
import type { CopyVerdict, IssuerTrust } from "../limits";

/** One sealed version of a code's report (GET /api/qr-codes/:id/seals, newest first; POST answers one). */
export interface ReportSeal {
  version: number;
  sha256: string;
  pageCount: number;
  sealedAt: Date;
  /** Who sealed it, as the team sees them; null once that user is gone. */
  sealedBy: string | null;
}

/**
 * POST /api/qr-codes/:id/seals: the version registered and the code's signed record file, which
 * the browser attaches to the sealed PDF (verifier/attachment.ts). Null while signing is paused:
 * the record is signed later and offered by "Download signed record".
 */
export interface RegisteredSeal extends ReportSeal {
  signedRecord: SignedRecordFile | null;
}

/**
 * POST /api/public/certificates/:token/check. `matchedVersion` is the sealed version the copy was
 * judged against (null when it matches none), `latestVersion` the newest (null when the code was
 * never sealed); `differingPages` lists page numbers whose text differs, for `pages-differ`.
 */
export interface CopyCheck {
  verdict: CopyVerdict;
  differingPages?: number[];
  sealedAt: Date | null;
  pageCount: number | null;
  matchedVersion: number | null;
  latestVersion: number | null;
  codeStatus: CertificateStatus;
  /**
   * The code the copy was checked against, as its public certificate shows it, so the reader can
   * see whose code it is and compare it with the report (and with where the pages' QR codes lead).
   */
  code: CheckedCode;
}

export interface CheckedCode {
  /** The code's verification address, `<origin>/v/<token>`. */
  address: string;
  issuerName: string;
  /** Whether ValuSeal vouches for the issuer (issuerTrust is "verified"). */
  issuerVerified: boolean;
  /** ValuSeal's trust in the issuer, by the certificate's own rule (ISSUER_TRUST). */
  issuerTrust: IssuerTrust;
  /** The property's location, or a vehicle's description (codeTitle). */
  property: string;
  marketValue: string;
  currency: string;
}
