import type { ValuerRegisterCheck } from "./valuer-register";

/**
 * The records ValuSeal signs (docs/signed-records.md): compact JWS (RFC 7515) with EdDSA over
 * Ed25519, the key named by `kid` and published at /.well-known/jwks.json. Each record's protected
 * header carries its `typ`, so a checkpoint can never be read as a certificate or the other way round.
 * These types are the contract between the Worker that signs and every verifier (the offline page,
 * the command and anyone's own code).
 */
export const RECORD_TYPES = {
  certificate: "valuseal-certificate+jws",
  status: "valuseal-status+jws",
  checkpoint: "valuseal-checkpoint+jws",
  issuerVerification: "valuseal-issuer-verification+jws",
  receipt: "valuseal-receipt+jws",
} as const;

export type RecordType = (typeof RECORD_TYPES)[keyof typeof RECORD_TYPES];

export const SIGNING_ALGORITHM = "EdDSA";

/** What happened to a code when its certificate record was signed. */
export type CertificateEvent = "issued" | "revoked" | "reinstated" | "sealed" | "recorded";

/**
 * A certificate exactly as the code's frozen record holds it, signed when the code is issued and
 * again at each change of its state (withdrawn, reinstated, a sealed report). Times are ISO 8601
 * UTC; money and sizes decimal strings as stored. "recorded" is a code issued before records were
 * signed, signed from its frozen record later (its `issuedAt` is the original time).
 */
export interface CertificateRecord {
  v: 1;
  /** The platform origin that signed it. */
  iss: string;
  /** Signing time, seconds since 1970 (UTC). */
  iat: number;
  event: CertificateEvent;
  /**
   * The log leaf hash (SHA-256 of the compact JWS) of this code's previous record; null on its
   * first. Absent on records signed before records were chained (2026-12-06, decision 050).
   */
  prev?: string | null;
  code: {
    /** The public verification address the QR code encodes. */
    address: string;
    token: string;
    /** As printed: "VS-7K3M-9Q2P-4H". */
    verificationCode: string;
    issuedAt: string;
  };
  issuer: {
    name: string;
    email: string;
    phone: string | null;
    registrationBody: string | null;
    registrationNumber: string | null;
    /** When ValuSeal verified this identity for codes issued then; null if it had not (yet). */
    verifiedAt: string | null;
  };
  valuer: {
    name: string | null;
    qualification: string | null;
    registrationNumber: string | null;
    phone: string | null;
    /**
     * What ValuSeal knew of the valuer's registration on the day of issue (decision 062); absent
     * when it had not checked it, as on every record signed before 2026-12-07.
     */
    registerCheck?: ValuerRegisterCheck;
  };
  property: {
    address: string;
    reference: string | null;
    area: string | null;
    type: string;
    size: string | null;
    sizeUnit: string | null;
    landSize: string | null;
    landSizeUnit: string | null;
    titleNumber: string | null;
    latitude: string | null;
    longitude: string | null;
  };
  valuation: {
    marketValue: string;
    forcedSaleValue: string | null;
    currency: string;
    valuationDate: string;
    inspectionDate: string | null;
    validUntil: string;
    addressee: string | null;
    purpose: string | null;
  };
  /** Withdrawal as it stood when signed. */
  withdrawal: { at: string; reason: string | null; replacedBy: string | null } | null;
  /** The latest sealed report when signed (docs/sealed-reports.md). */
  sealedReport: {
    version: number;
    sha256: string;
    pageCount: number;
    pageFingerprints: string[];
    /** RFC 9162 Merkle tree hash of the page fingerprints, hexadecimal. */
    pageFingerprintsRoot: string;
  } | null;
}

/** A code's status at a moment, for a verifier online: short-lived (`exp`), never stored. */
export interface StatusRecord {
  v: 1;
  iss: string;
  iat: number;
  exp: number;
  code: { address: string; verificationCode: string };
  status: "valid" | "expired" | "revoked" | "superseded";
  /** ValuSeal's trust in the identity frozen on the code, by the certificate's rule. */
  issuerTrust: "suspended" | "verified" | "before-verification" | "other-identity" | "not-verified";
  /** The certificate's headline now, in English: "Verified Authentic", "Revoked", … */
  headline: string;
  reason: string | null;
  replacedBy: string | null;
}

/** The log's size and head hash at a moment (docs/signed-records.md#the-append-only-log). */
export interface CheckpointRecord {
  v: 1;
  iss: string;
  iat: number;
  size: number;
  headHash: string;
  /**
   * The trusted checkpoint this one extends (null for the first): the entries between the two
   * recompute this head from that one (verifier/log.ts). Absent on checkpoints signed before
   * 2026-12-06 (decision 050).
   */
  previous?: { size: number; headHash: string } | null;
}

/** An administrator's decision on an issuer identity (verified, or the verification ended). */
export interface IssuerVerificationRecord {
  v: 1;
  iss: string;
  iat: number;
  decision: "verified" | "ended";
  company: {
    id: number;
    legalName: string;
    email: string;
    registrationBody: string | null;
    registrationNumber: string | null;
  };
  /** The earliest issue time the verification vouches for. */
  coversCodesFrom: string | null;
}

export type { KeyHistory, PublishedKey } from "./responses/signing-keys";
