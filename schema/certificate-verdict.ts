import type { IssuerTrust } from "./limits/codes";
import type { CertificateStatus } from "./validation/certificate";
import { valuerCheckBearing, type ValuerCheckResult } from "./valuer-register";

/**
 * What a certificate says first, decided in one place for every surface (the scanned page, /verify,
 * /qr-view, the check page, the code's detail page) from the code's status, ValuSeal's trust in
 * its issuer and the check of the signing valuer's registration frozen at issue (decision 062):
 * - red ("invalid") only for a withdrawn code: revoked or superseded;
 * - green ("valid") only for a valid code whose issuer identity ValuSeal verified;
 * - amber ("warning") for everything else that is not withdrawn: expired, an issuer ValuSeal does
 *   not vouch for (with the reason), including an issuer suspended by ValuSeal, or a signing valuer
 *   whose registration the check did not confirm (not found, removed, suspended, another name, an
 *   expired practising certificate), whatever the firm's standing; a valuer never checked leaves
 *   the colour to the firm's verification;
 * - "sample" for the landing page's demo.
 */
export type CertificateTone = "valid" | "warning" | "invalid" | "sample";

export type CertificateHeadline =
  | "verified-authentic"
  | "expired"
  | "revoked"
  | "superseded"
  | "sample"
  | "valuer-unconfirmed"
  | `issuer-${Exclude<IssuerTrust, "verified">}`;

export interface CertificateVerdict {
  tone: CertificateTone;
  headline: CertificateHeadline;
}

export function certificateVerdict(
  status: CertificateStatus,
  trust: IssuerTrust,
  valuerCheck: ValuerCheckResult | null,
): CertificateVerdict {
  if (status === "sample") return { tone: "sample", headline: "sample" };
  if (status === "revoked" || status === "superseded") return { tone: "invalid", headline: status };
  // A suspension outranks expiry: it is news about the issuer that a reader of an old report needs too.
  if (trust === "suspended") return { tone: "warning", headline: "issuer-suspended" };
  // So does a signer the register did not confirm on the day of issue: the report's signature is in doubt.
  if (valuerCheckBearing(valuerCheck) === "unconfirmed") return { tone: "warning", headline: "valuer-unconfirmed" };
  if (status === "expired") return { tone: "warning", headline: "expired" };
  if (trust === "verified") return { tone: "valid", headline: "verified-authentic" };
  return { tone: "warning", headline: `issuer-${trust}` };
}

/** The verdict of a code as every answer carries it: its status, its issuer's trust and its frozen register check. */
export const codeVerdict = (code: {
  status: CertificateStatus;
  issuerTrust: IssuerTrust;
  valuerRegisterCheck: { result: ValuerCheckResult } | null;
}) => certificateVerdict(code.status, code.issuerTrust, code.valuerRegisterCheck?.result ?? null);
