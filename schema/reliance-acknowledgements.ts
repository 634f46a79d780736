import { certificateVerdict, type CertificateHeadline } from "./certificate-verdict";
import type { CodeStatusName, IssuerTrust } from "./limits/codes";
import type { ValuerCheckResult } from "./valuer-register";

/**
 * What a lender must confirm, in so many words, before relying on a valuation: that the certificate
 * is not green (ValuSeal does not vouch for its issuer; a withdrawn or expired code cannot be relied
 * on at all), and that it is addressed to another institution with no reliance letter in force. The
 * screen shows one checkbox per point, the API refuses a reliance without them (409), and the
 * reliance keeps what was confirmed (decision 052).
 */
export const RELIANCE_ACKNOWLEDGEMENTS = [
  "issuer-suspended",
  "issuer-before-verification",
  "issuer-other-identity",
  "issuer-not-verified",
  "valuer-unconfirmed",
  "addressed-to-another",
] as const;
export type RelianceAcknowledgement = (typeof RELIANCE_ACKNOWLEDGEMENTS)[number];

const asAcknowledgement = (headline: CertificateHeadline): RelianceAcknowledgement | null =>
  RELIANCE_ACKNOWLEDGEMENTS.find((kind) => kind === headline) ?? null;

/** What this lender must confirm for this code now, from the code's status, its issuer's trust and the warnings. */
export function acknowledgementsNeeded(
  code: { status: CodeStatusName; issuerTrust: IssuerTrust; valuerRegisterCheck: { result: ValuerCheckResult } | null },
  warnings: readonly { kind: string }[],
): RelianceAcknowledgement[] {
  const { tone, headline } = certificateVerdict(
    code.status,
    code.issuerTrust,
    code.valuerRegisterCheck?.result ?? null,
  );
  const needed: RelianceAcknowledgement[] = [];
  const verdict = tone === "valid" ? null : asAcknowledgement(headline);
  if (verdict) needed.push(verdict);
  if (warnings.some((warning) => warning.kind === "addressed-to-another")) needed.push("addressed-to-another");
  return needed;
}
