import type { Language } from "#schema/language.ts";
import type { RelianceAcknowledgement } from "#schema/reliance-acknowledgements.ts";
import { verdictHeadline } from "./verdict";

/** The sentence beside each checkbox, and in the API's refusal (English there). */
export function acknowledgementText(kind: RelianceAcknowledgement, language: Language = "en"): string {
  if (kind === "addressed-to-another") {
    return language === "sw"
      ? "Ninaitegemea ingawa imeandaliwa kwa taasisi nyingine na mtoaji hajatupa barua ya kutegemewa"
      : "I rely on it although it is addressed to another institution and the issuer has given us no reliance letter";
  }
  return language === "sw"
    ? `Ninaitegemea ingawa cheti kinasema “${verdictHeadline("sw", kind)}”`
    : `I rely on it although the certificate says “${verdictHeadline("en", kind)}”`;
}
