import { valuerRegisterLine } from "./verdict";
import { LOCALES } from "#schema/language.ts";
import type { CertificateRecord } from "#schema/signed-records.ts";
import type { ValuerRegisterCheck } from "#schema/valuer-register.ts";
import { formatDate } from "#schema/format-date.ts";
import { formatMoney } from "#schema/money.ts";
import { certificateLine, judgementHeading, judgementLines } from "./copy-judgement";
import type { PrintedCode } from "../qr";
import type { RecordProblem } from "../records";
import type { ReportCheck } from "../report";

/** The verifier's words, in each language the certificate speaks (the command uses English). */
export type VerifierLanguage = "en" | "sw";

interface VerifierTexts {
  /** The heading when no file was compared: a printed report, or a record that was refused. */
  recordOnly: (code: string) => string;
  refused: string;
  /** Which code's records the file was judged against. */
  checkedAgainst: (code: string) => string;
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
  /** The signing valuer's register check as the record froze it (null: not checked), on every check. */
  registerCheck: (check: ValuerRegisterCheck | null) => string;
  /** A photo of a printed page's QR, against the record's address. */
  printed: (code: PrintedCode | null) => string;
  /** The last record given could not be checked, while an earlier one could. */
  latestRefused: (problem: string) => string;
  /** The record file's own note that the code changed after its last signed record. */
  unsignedChange: (note: string) => string;
  /** Said with `record-only`: what a signed record cannot see on paper. */
  compareFigures: string;
  /** The offline verifier page's own words (verifier/page): its form, and what it says of the files. */
  page: {
    switchTo: string;
    title: string;
    intro: string;
    record: string;
    pdf: string;
    keys: string;
    check: string;
    checking: string;
    photo: string;
    missing: string;
    unreadable: string;
    tooLarge: { bytes: string; pages: string };
    keysRefused: string;
    keysNote: (count: number, asOf: string) => string;
  };
}

export const VERIFIER_TEXTS: Record<VerifierLanguage, VerifierTexts> = {
  en: {
    recordOnly: (code) =>
      `Genuine record of ${code}, signed by ValuSeal: compare the printed report with what it states.`,
    refused: "Refused: the record cannot be trusted.",
    checkedAgainst: (code) => `Checked against the signed records of ${code}.`,
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
      `Not provable offline: whether the code was withdrawn, or its issuer suspended, after ${since}. Check ${statusUrl} when online.`,
    compromisedLater: (on, proofUrl) =>
      `Caution: the key that signed this was reported compromised on ${on}. Ask for the record's place in ValuSeal's log: ${proofUrl}`,
    withdrawn: (on, reason) => `Withdrawn by the issuer on ${on}${reason ? `: ${reason}` : ""}. Do not rely on it.`,
    fromAttachment: "The signed record was read from the PDF itself, where sealing attached it.",
    facts: ({ property, valuation, valuer }) => [
      `Property: ${[property.address, property.reference].filter(Boolean).join(", ")}.`,
      `Market value: ${formatMoney(valuation.marketValue, valuation.currency)}, valued on ${formatDate(valuation.valuationDate)}.`,
      ...(valuer.name ? [`Valuer: ${valuer.name}.`] : []),
    ],
    registerCheck: (check) => `${valuerRegisterLine("en", check, (day) => formatDate(day))}.`,
    printed: (code) =>
      code === null
        ? "No QR code could be read in the photo: take it again, closer and in focus."
        : code.matches
          ? `The printed page's QR code names this certificate${code.page ? `, page ${code.page}` : ""}.`
          : `The printed page's QR code names another address, ${code.address}: that page does not belong to this certificate.`,
    latestRefused: (problem) =>
      `The latest record in the file could not be checked (${problem}): the certificate may have changed since. Load a newer key history, or check online.`,
    unsignedChange: (note) => `The record file says: ${note}`,
    compareFigures:
      "Compare the figures and pictures with what the record states: a seal fingerprints each page's text, not its pictures.",
    page: {
      switchTo: "Kiswahili",
      title: "Check a ValuSeal report, offline",
      intro:
        "Choose the report PDF, and the signed record (the file from “Download signed record”) unless the PDF carries it: reports sealed with ValuSeal do. For a paper report, choose the signed record and take a photo of a page's QR code. Nothing leaves this device and nothing is fetched.",
      record: "Signed record (.json), or paste it below; not needed if the PDF carries it",
      pdf: "Report PDF",
      keys: "Newer key history (jwks.json), optional",
      check: "Check",
      checking: "Checking…",
      photo: "Photo of a printed page's QR code, optional (for a paper report)",
      missing:
        "Choose the report PDF, and the signed record if the PDF does not carry one; for a paper report, the signed record and a photo of a page's QR code.",
      unreadable: "This file could not be read as a PDF.",
      tooLarge: {
        bytes:
          "This file is larger than any sealed report with its record (51 MB): it is not a ValuSeal sealed report.",
        pages: "This PDF has more than 300 pages, the most a sealed report has: it is not a ValuSeal sealed report.",
      },
      keysRefused:
        "The newer key history was not used: it does not extend the one this verifier carries (a key is missing or changed, a compromise is unsaid, or a key is dated before this copy). Nothing was checked. Download the verifier again from ValuSeal.",
      keysNote: (count: number, asOf: string) =>
        `Key history used: ${count} ValuSeal keys, as published on ${asOf}. A key reported compromised after that date is not known here.`,
    },
  },
  sw: {
    recordOnly: (code) =>
      `Rekodi halali ya ${code}, iliyotiwa saini na ValuSeal: linganisha ripoti iliyochapishwa na inachosema.`,
    refused: "Imekataliwa: rekodi haiwezi kuaminika.",
    checkedAgainst: (code) => `Imelinganishwa na rekodi zilizotiwa saini za ${code}.`,
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
      `Haiwezi kuthibitishwa bila mtandao: kama msimbo uliondolewa, au mtoaji wake kusimamishwa, baada ya ${since}. Angalia ${statusUrl} ukiwa mtandaoni.`,
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
    registerCheck: (check) => `${valuerRegisterLine("sw", check, (day) => formatDate(day, "long", "sw-KE"))}.`,
    printed: (code) =>
      code === null
        ? "Hakuna msimbo wa QR uliosomeka kwenye picha: piga picha tena, karibu zaidi na kwa uwazi."
        : code.matches
          ? `Msimbo wa QR wa ukurasa uliochapishwa unataja cheti hiki${code.page ? `, ukurasa ${code.page}` : ""}.`
          : `Msimbo wa QR wa ukurasa uliochapishwa unataja anwani nyingine, ${code.address}: ukurasa huo si wa cheti hiki.`,
    latestRefused: (problem) =>
      `Rekodi ya mwisho katika faili haikuweza kukaguliwa (${problem}): huenda cheti kimebadilika tangu hapo. Pakia historia mpya ya funguo, au kagua mtandaoni.`,
    unsignedChange: (note) => `Faili la rekodi linasema (kwa Kiingereza): ${note}`,
    compareFigures:
      "Linganisha takwimu na picha na kile rekodi inachosema: muhuri hupima maandishi ya kila ukurasa, si picha zake.",
    page: {
      switchTo: "English",
      title: "Kagua ripoti ya ValuSeal, bila mtandao",
      intro:
        "Chagua PDF ya ripoti, na rekodi iliyotiwa saini (faili la “Pakua rekodi iliyotiwa saini”) isipokuwa kama PDF inayo tayari: ripoti zilizotiwa muhuri na ValuSeal zinayo. Kwa ripoti ya karatasi, chagua rekodi iliyotiwa saini na upige picha ya msimbo wa QR wa ukurasa. Hakuna kinachotoka kwenye kifaa hiki na hakuna kinachopakuliwa.",
      record: "Rekodi iliyotiwa saini (.json), au ibandike hapa chini; haihitajiki kama PDF inayo",
      pdf: "PDF ya ripoti",
      keys: "Historia mpya ya funguo (jwks.json), si lazima",
      check: "Kagua",
      checking: "Inakagua…",
      photo: "Picha ya msimbo wa QR wa ukurasa uliochapishwa, si lazima (kwa ripoti ya karatasi)",
      missing:
        "Chagua PDF ya ripoti, na rekodi iliyotiwa saini kama PDF haina; kwa ripoti ya karatasi, rekodi iliyotiwa saini na picha ya msimbo wa QR wa ukurasa.",
      unreadable: "Faili hili halikuweza kusomwa kama PDF.",
      tooLarge: {
        bytes:
          "Faili hili ni kubwa kuliko ripoti yoyote iliyotiwa muhuri pamoja na rekodi yake (MB 51): si ripoti iliyotiwa muhuri na ValuSeal.",
        pages:
          "PDF hii ina kurasa zaidi ya 300, idadi kubwa zaidi ya ripoti iliyotiwa muhuri: si ripoti iliyotiwa muhuri na ValuSeal.",
      },
      keysRefused:
        "Historia mpya ya funguo haikutumika: haiendelezi ile iliyo ndani ya kikaguzi hiki (ufunguo umekosekana au umebadilishwa, uvujaji umefutwa, au ufunguo una tarehe ya kabla ya nakala hii). Hakuna kilichokaguliwa. Pakua kikaguzi upya kutoka ValuSeal.",
      keysNote: (count: number, asOf: string) =>
        `Historia ya funguo iliyotumika: funguo ${count} za ValuSeal, kama zilivyochapishwa tarehe ${asOf}. Ufunguo ulioripotiwa kuvuja baada ya tarehe hiyo haujulikani hapa.`,
    },
  },
};

/**
 * What a report check says, line by line, in one language: the copy's verdict and the certificate's
 * in the words every surface uses (verifier/texts/copy-judgement.ts), then who signed what and what an
 * offline check cannot know.
 */
export function describeCheck(
  check: ReportCheck,
  language: VerifierLanguage,
  problemOfRecord?: RecordProblem,
): string[] {
  const t = VERIFIER_TEXTS[language];
  if (check.verdict === "record-refused")
    return [t.refused, t.problem[check.problem ?? problemOfRecord ?? "malformed"]];
  const certificate = check.certificate;
  if (!certificate || !check.key || !check.signedAt) return [t.refused];
  const code = certificate.code.verificationCode;
  const day = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);
  const lines: string[] = [];
  if (check.verdict === "record-only") lines.push(t.recordOnly(code));
  else {
    const judgement = { ...check, verdict: check.verdict, matchedVersion: check.matchedVersion ?? null };
    lines.push(
      judgementHeading(
        language,
        judgement,
        formatDate(check.sealedAt, "long", LOCALES[language]),
        check.filePageCount ?? 0,
      ),
    );
    lines.push(t.checkedAgainst(code));
  }
  if (check.certificateVerdict) lines.push(certificateLine(language, check.certificateVerdict));
  // What the register showed of the signing valuer the day the code was issued, as the certificate says it.
  lines.push(t.registerCheck(certificate.valuer.registerCheck ?? null));
  const latest = check.latest ?? certificate;
  if (latest.withdrawal) lines.push(t.withdrawn(day(latest.withdrawal.at), latest.withdrawal.reason));
  if (check.unsignedChange) lines.push(t.unsignedChange(check.unsignedChange));
  if (check.latestRefused) lines.push(t.latestRefused(t.problem[check.latestRefused]));
  if (check.verdict === "record-only") lines.push(...t.facts(certificate), t.compareFigures);
  else {
    lines.push(
      ...judgementLines(
        language,
        {
          verdict: check.verdict,
          matchedVersion: check.matchedVersion ?? null,
          matchedPageCount: check.matchedPageCount ?? null,
          latestVersion: check.latestVersion ?? null,
        },
        check.filePageCount ?? 0,
      ),
    );
  }
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
