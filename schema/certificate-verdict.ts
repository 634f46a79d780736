import type { Language } from "./language";
import type { IssuerTrust } from "./limits";
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

/**
 * The headline of each verdict in each language the public pages speak: the words every surface
 * shows (the scanned page, the check page, /qr-view, the detail page), so no screen can say
 * something else. A suspension names its date when it is known (`suspendedOn`, already formatted).
 */
const HEADLINES: Record<Language, Record<CertificateHeadline, (suspendedOn: string | null) => string>> = {
  en: {
    "verified-authentic": () => "Verified Authentic",
    expired: () => "Expired",
    revoked: () => "Revoked",
    superseded: () => "Superseded",
    sample: () => "Sample",
    "issuer-suspended": (on) => `Issuer suspended by ValuSeal${on ? ` on ${on}` : ""}`,
    "issuer-before-verification": () => "Issued before ValuSeal verified this firm",
    "issuer-other-identity": () => "Issued under a name ValuSeal has not verified",
    "issuer-not-verified": () => "Issuer not verified by ValuSeal",
  },
  sw: {
    "verified-authentic": () => "Imethibitishwa kuwa Halali",
    expired: () => "Muda wake umekwisha",
    revoked: () => "Imebatilishwa",
    superseded: () => "Imebadilishwa",
    sample: () => "Sampuli",
    "issuer-suspended": (on) => `Mtoaji amesimamishwa na ValuSeal${on ? ` tarehe ${on}` : ""}`,
    "issuer-before-verification": () => "Imetolewa kabla ValuSeal haijathibitisha kampuni hii",
    "issuer-other-identity": () => "Imetolewa kwa jina ambalo ValuSeal haijalithibitisha",
    "issuer-not-verified": () => "Mtoaji hajathibitishwa na ValuSeal",
  },
};

export const verdictHeadline = (language: Language, headline: CertificateHeadline, suspendedOn: string | null = null) =>
  HEADLINES[language][headline](suspendedOn);
