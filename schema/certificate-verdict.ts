import type { IssuerTrust } from "./limits/codes";
import type { CertificateStatus } from "./validation/certificate";

/**
 * What a certificate says first, decided in one place for every surface (the scanned page, /verify,
 * /qr-view, the check page, the code's detail page) from the code's status and ValuSeal's trust in
 * its issuer:
 * - red ("invalid") only for a withdrawn code: revoked or superseded;
 * - green ("valid") only for a valid code whose issuer identity ValuSeal verified;
 * - amber ("warning") for everything else that is not withdrawn: expired, or an issuer ValuSeal does
 *   not vouch for (with the reason), including an issuer suspended by ValuSeal;
 * - "sample" for the landing page's demo.
 */
export type CertificateTone = "valid" | "warning" | "invalid" | "sample";

export type CertificateHeadline =
  "verified-authentic" | "expired" | "revoked" | "superseded" | "sample" | `issuer-${Exclude<IssuerTrust, "verified">}`;

export interface CertificateVerdict {
  tone: CertificateTone;
  headline: CertificateHeadline;
}

export function certificateVerdict(status: CertificateStatus, trust: IssuerTrust): CertificateVerdict {
  if (status === "sample") return { tone: "sample", headline: "sample" };
  if (status === "revoked" || status === "superseded") return { tone: "invalid", headline: status };
  // A suspension outranks expiry: it is news about the issuer that a reader of an old report needs too.
  if (trust === "suspended") return { tone: "warning", headline: "issuer-suspended" };
  if (status === "expired") return { tone: "warning", headline: "expired" };
  if (trust === "verified") return { tone: "valid", headline: "verified-authentic" };
  return { tone: "warning", headline: `issuer-${trust}` };
}
