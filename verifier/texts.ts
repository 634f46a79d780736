import type { CertificateRecord } from "../schema/signed-records";
import { formatDate, formatMoney } from "../web/lib/format";
import type { PrintedCode } from "./qr";
import type { RecordProblem } from "./records";
import type { ReportCheck } from "./report";

/** The verifier's words, in each language the certificate speaks (the command uses English). */
export type VerifierLanguage = "en" | "sw";

interface VerifierTexts {
  verdict: (check: ReportCheck, code: string) => string;
  problem: Record<RecordProblem, string>;
  signedBy: (kid: string, when: string) => string;
  issuer: (name: string, verifiedOn: string | null) => string;
  notProvable: (since: string, statusUrl: string) => string;
  compromisedLater: (on: string, proofUrl: string) => string;
  withdrawn: (on: string, reason: string | null) => string;
  /** Said when no record file was given and the PDF's attached record was used. */
  fromAttachment: string;
  /** Without a PDF: what the record says, to compare with the printed report. */
  facts: (certificate: CertificateRecord) => string[];
  /** A photo of a printed page's QR, against the record's address. */
  printed: (code: PrintedCode | null) => string;
  /** The last record given could not be checked, while an earlier one could. */
  latestRefused: (problem: string) => string;
  newerVersion: (version: number) => string;
  /** Said with `same-text` and `record-only`: what a text fingerprint cannot see. */
  compareFigures: string;
}

const pages = (list: number[] | undefined) => (list ?? []).join(", ");

export const VERIFIER_TEXTS: Record<VerifierLanguage, VerifierTexts> = {
  en: {
    verdict: (check, code) => {
      const version = check.certificate?.sealedReport?.version;
      switch (check.verdict) {
        case "exact":
          return `Genuine: this file is exactly the sealed report of ${code} (version ${version}).`;
        case "same-text":
          return `Genuine text: every page matches the sealed report of ${code} (version ${version}); the file itself was saved or printed again.`;
        case "pages-differ":
          return `Altered: page ${pages(check.differingPages)} differs from the sealed report of ${code} (version ${version}).`;
        case "not-sealed":
          return `The record of ${code} is genuine, but it names no sealed report: this PDF cannot be compared.`;
        case "record-only":
          return `Genuine record of ${code}, signed by ValuSeal: compare the printed report with what it states.`;
        case "record-refused":
          return "Refused: the record cannot be trusted.";
      }
    },
    problem: {
      malformed: "It is not a ValuSeal signed record.",
      "wrong-type": "It is a ValuSeal record of another kind, not a certificate.",
      "unknown-key": "It was signed by a key that is not in the key history used.",
      "bad-signature": "Its signature does not match its contents: it was changed after signing.",
      "signed-after-compromise": "It was signed after its key was reported compromised.",
      "signed-in-the-future": "It claims a signing time in the future.",
      expired: "It has expired.",
      "history-disagrees":
        "Its history does not hold together: a record changes what was issued, or does not follow the record before it.",
    },
    signedBy: (kid, when) => `Signed by ValuSeal's key ${kid} on ${when}.`,
    issuer: (name, verifiedOn) =>
      verifiedOn
        ? `Issuer: ${name}, verified by ValuSeal on ${verifiedOn}.`
        : `Issuer: ${name}, not verified by ValuSeal when this was signed.`,
    notProvable: (since, statusUrl) =>
      `Not provable offline: whether the code was withdrawn after ${since}. Check ${statusUrl} when online.`,
    compromisedLater: (on, proofUrl) =>
      `Caution: the key that signed this was reported compromised on ${on}. Ask for the record's place in ValuSeal's log: ${proofUrl}`,
    withdrawn: (on, reason) => `Withdrawn by the issuer on ${on}${reason ? `: ${reason}` : ""}. Do not rely on it.`,
    fromAttachment: "The signed record was read from the PDF itself, where sealing attached it.",
    facts: ({ property, valuation, valuer }) => [
      `Property: ${[property.address, property.reference].filter(Boolean).join(", ")}.`,
      `Market value: ${formatMoney(valuation.marketValue, valuation.currency)}, valued on ${formatDate(valuation.valuationDate)}.`,
      ...(valuer.name ? [`Valuer: ${valuer.name}.`] : []),
    ],
    printed: (code) =>
      code === null
        ? "No QR code could be read in the photo: take it again, closer and in focus."
        : code.matches
          ? `The printed page's QR code names this certificate${code.page ? `, page ${code.page}` : ""}.`
          : `The printed page's QR code names another address, ${code.address}: that page does not belong to this certificate.`,
    latestRefused: (problem) =>
      `The latest record in the file could not be checked (${problem}): the certificate may have changed since. Load a newer key history, or check online.`,
    newerVersion: (version) => `A newer version of this report (version ${version}) was sealed later: ask for it.`,
    compareFigures:
      "Compare the figures and pictures with what the record states: a seal fingerprints each page's text, not its pictures.",
  },
  sw: {
    verdict: (check, code) => {
      const version = check.certificate?.sealedReport?.version;
      switch (check.verdict) {
        case "exact":
          return `Halali: faili hili ndilo ripoti iliyotiwa muhuri ya ${code} (toleo ${version}), bila kubadilishwa.`;
        case "same-text":
          return `Maandishi halali: kila ukurasa unalingana na ripoti iliyotiwa muhuri ya ${code} (toleo ${version}); faili lenyewe limehifadhiwa au kuchapishwa upya.`;
        case "pages-differ":
          return `Imebadilishwa: ukurasa ${pages(check.differingPages)} unatofautiana na ripoti iliyotiwa muhuri ya ${code} (toleo ${version}).`;
        case "not-sealed":
          return `Rekodi ya ${code} ni halali, lakini haitaji ripoti iliyotiwa muhuri: PDF hii haiwezi kulinganishwa.`;
        case "record-only":
          return `Rekodi halali ya ${code}, iliyotiwa saini na ValuSeal: linganisha ripoti iliyochapishwa na inachosema.`;
        case "record-refused":
          return "Imekataliwa: rekodi haiwezi kuaminika.";
      }
    },
    problem: {
      malformed: "Si rekodi iliyotiwa saini na ValuSeal.",
      "wrong-type": "Ni rekodi ya ValuSeal ya aina nyingine, si cheti.",
      "unknown-key": "Imetiwa saini kwa ufunguo usio katika historia ya funguo iliyotumika.",
      "bad-signature": "Saini yake hailingani na yaliyomo: ilibadilishwa baada ya kutiwa saini.",
      "signed-after-compromise": "Ilitiwa saini baada ya ufunguo wake kuripotiwa kuvuja.",
      "signed-in-the-future": "Inadai muda wa kutiwa saini ulio mbele.",
      expired: "Muda wake umekwisha.",
      "history-disagrees":
        "Historia yake haiendani: rekodi moja inabadilisha kilichotolewa, au haifuati rekodi iliyotangulia.",
    },
    signedBy: (kid, when) => `Imetiwa saini kwa ufunguo wa ValuSeal ${kid} tarehe ${when}.`,
    issuer: (name, verifiedOn) =>
      verifiedOn
        ? `Mtoaji: ${name}, amethibitishwa na ValuSeal tarehe ${verifiedOn}.`
        : `Mtoaji: ${name}, hakuwa amethibitishwa na ValuSeal wakati huu ulipotiwa saini.`,
    notProvable: (since, statusUrl) =>
      `Haiwezi kuthibitishwa bila mtandao: kama msimbo uliondolewa baada ya ${since}. Angalia ${statusUrl} ukiwa mtandaoni.`,
    compromisedLater: (on, proofUrl) =>
      `Tahadhari: ufunguo uliotia saini hii uliripotiwa kuvuja tarehe ${on}. Omba nafasi ya rekodi katika kumbukumbu ya ValuSeal: ${proofUrl}`,
    withdrawn: (on, reason) => `Imeondolewa na mtoaji tarehe ${on}${reason ? `: ${reason}` : ""}. Usiitegemee.`,
    fromAttachment:
      "Rekodi iliyotiwa saini imesomwa kutoka ndani ya PDF yenyewe, ilipoambatishwa wakati wa kutia muhuri.",
    facts: ({ property, valuation, valuer }) => [
      `Mali: ${[property.address, property.reference].filter(Boolean).join(", ")}.`,
      `Thamani ya soko: ${formatMoney(valuation.marketValue, valuation.currency)}, ilithaminiwa tarehe ${formatDate(valuation.valuationDate, "long", "sw-KE")}.`,
      ...(valuer.name ? [`Mthamini: ${valuer.name}.`] : []),
    ],
    printed: (code) =>
      code === null
        ? "Hakuna msimbo wa QR uliosomeka kwenye picha: piga picha tena, karibu zaidi na kwa uwazi."
        : code.matches
          ? `Msimbo wa QR wa ukurasa uliochapishwa unataja cheti hiki${code.page ? `, ukurasa ${code.page}` : ""}.`
          : `Msimbo wa QR wa ukurasa uliochapishwa unataja anwani nyingine, ${code.address}: ukurasa huo si wa cheti hiki.`,
    latestRefused: (problem) =>
      `Rekodi ya mwisho katika faili haikuweza kukaguliwa (${problem}): huenda cheti kimebadilika tangu hapo. Pakia historia mpya ya funguo, au kagua mtandaoni.`,
    newerVersion: (version) => `Toleo jipya la ripoti hii (toleo ${version}) lilitiwa muhuri baadaye: liombe.`,
    compareFigures:
      "Linganisha takwimu na picha na kile rekodi inachosema: muhuri hupima maandishi ya kila ukurasa, si picha zake.",
  },
};

/** What a report check says, line by line, in one language: the verdict first, then who signed what. */
export function describeCheck(
  check: ReportCheck,
  language: VerifierLanguage,
  problemOfRecord?: RecordProblem,
): string[] {
  const t = VERIFIER_TEXTS[language];
  const certificate = check.certificate;
  const code = certificate?.code.verificationCode ?? "";
  const lines = [t.verdict(check, code)];
  if (check.verdict === "record-refused") {
    lines.push(t.problem[check.problem ?? problemOfRecord ?? "malformed"]);
    return lines;
  }
  if (!certificate || !check.key || !check.signedAt) return lines;
  const day = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);
  const latest = check.latest ?? certificate;
  if (latest.withdrawal) lines.push(t.withdrawn(day(latest.withdrawal.at), latest.withdrawal.reason));
  if (check.latestRefused) lines.push(t.latestRefused(t.problem[check.latestRefused]));
  if (check.newerVersion) lines.push(t.newerVersion(check.newerVersion));
  if (check.verdict === "record-only") lines.push(...t.facts(certificate));
  if (check.verdict === "same-text" || check.verdict === "record-only") lines.push(t.compareFigures);
  lines.push(t.signedBy(check.key.kid, check.signedAt.toISOString()));
  lines.push(
    t.issuer(certificate.issuer.name, certificate.issuer.verifiedAt ? day(certificate.issuer.verifiedAt) : null),
  );
  const origin = certificate.iss;
  if (check.keyCompromisedLater && check.key.compromised_at) {
    lines.push(t.compromisedLater(day(check.key.compromised_at), `${origin}/log/proof/${certificate.code.token}`));
  }
  lines.push(t.notProvable(check.signedAt.toISOString(), `${origin}/status/${certificate.code.token}`));
  return lines;
}
