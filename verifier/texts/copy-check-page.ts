import type { Language } from "#schema/language.ts";

/**
 * Every text of the check page (check.html's [data-t] elements and what main.ts writes), one plain
 * object per language: the page is budgeted, so no i18n library. Both objects have this one type,
 * so a text added in English without its Swahili fails the typecheck.
 */
interface CheckTexts {
  /** check.html's static texts, by their data-t name. */
  static: {
    language: string;
    verifyTitle: string;
    byCode: string;
    codeLabel: string;
    verify: string;
    codeHint: string;
    /** The way to the offline verifier (/verifier), under the page. */
    offlineIntro: string;
    offlineLink: string;
  };
  titleCode: string;
  titleAny: string;
  introCode: string;
  introAny: string;
  choosePdf: string;
  dropHint: string;
  back: string;
  reading: (name: string) => string;
  readingPage: (page: number, total: number) => string;
  comparing: string;
  noAddress: string;
  foreignTitle: string;
  foreignText: (where: string) => string;
  addressOn: (host: string) => string;
  addressNotHere: string;
  unreadable: string;
  refused: string;
  offline: string;
  tooMany: string;
  failed: (status: number) => string;
  issuerVerified: string;
  issuerNotVerified: string;
  checkedAgainst: (issuer: string, verified: string, property: string, value: string) => string;
}

const en: CheckTexts = {
  static: {
    language: "Language",
    verifyTitle: "Verify a valuation report",
    byCode: "Verify by code",
    codeLabel: "Verification code",
    verify: "Verify",
    codeHint: "The code printed on the report. Capital or small letters, spaces and dashes are all fine.",
    offlineIntro: "No connection where you check reports?",
    offlineLink: "Download ValuSeal's offline verifier",
  },
  titleCode: "Check a copy of this report",
  titleAny: "Check a sealed report",
  introCode:
    "Choose the PDF you were given. Your browser compares every page with the report the issuing firm sealed with this code.",
  introAny:
    "Choose a PDF sealed with ValuSeal. Your browser reads which code sealed it and compares every page with the sealed report.",
  choosePdf: "Choose the report PDF",
  dropHint: "or drop it here. It is read on this device and never uploaded.",
  back: "Back to the certificate",
  reading: (name) => `Reading ${name}…`,
  readingPage: (page, total) => `Reading page ${page} of ${total}`,
  comparing: "Comparing with the sealed report…",
  noAddress:
    "This PDF carries no ValuSeal verification address. If it was printed and scanned, scan the QR code on any page instead.",
  foreignTitle: "This PDF names a verification address that is not on this site",
  foreignText: (where) =>
    `It names ${where}. ValuSeal cannot vouch for it: verify the report by scanning the QR code on its pages instead.`,
  addressOn: (host) => `an address on ${host}`,
  addressNotHere: "an address that is not on this site",
  unreadable: "This file could not be read as a PDF. Choose the report's PDF file.",
  refused: "This PDF cannot be checked: it is not a ValuSeal sealed report.",
  offline: "Could not reach ValuSeal. Check your connection and try again.",
  tooMany: "Too many requests, please wait a minute and try again.",
  failed: (status) => `The check could not be completed (error ${status}). Try again.`,
  issuerVerified: "verified by ValuSeal",
  issuerNotVerified: "not verified by ValuSeal",
  checkedAgainst: (issuer, verified, property, value) =>
    `Checked against the code issued by ${issuer} (${verified}) for ${property}, market value ${value}. The QR codes on the report's pages must open this same code: `,
};

const sw: CheckTexts = {
  static: {
    language: "Lugha",
    verifyTitle: "Thibitisha ripoti ya tathmini",
    byCode: "Thibitisha kwa msimbo",
    codeLabel: "Msimbo wa uthibitisho",
    verify: "Thibitisha",
    codeHint: "Msimbo uliochapishwa kwenye ripoti. Herufi kubwa au ndogo, nafasi na vistari vyote vinakubalika.",
    offlineIntro: "Hakuna mtandao unapokagua ripoti?",
    offlineLink: "Pakua kikaguzi cha ValuSeal kisichohitaji mtandao",
  },
  titleCode: "Kagua nakala ya ripoti hii",
  titleAny: "Kagua ripoti iliyotiwa muhuri",
  introCode:
    "Chagua PDF uliyopewa. Kivinjari chako kitalinganisha kila ukurasa na ripoti ambayo kampuni iliyoitoa iliitia muhuri kwa msimbo huu.",
  introAny:
    "Chagua PDF iliyotiwa muhuri na ValuSeal. Kivinjari chako kitasoma msimbo ulioitia muhuri na kulinganisha kila ukurasa na ripoti iliyotiwa muhuri.",
  choosePdf: "Chagua PDF ya ripoti",
  dropHint: "au iweke hapa. Inasomwa kwenye kifaa hiki na haipakiwi popote.",
  back: "Rudi kwenye cheti",
  reading: (name) => `Inasoma ${name}…`,
  readingPage: (page, total) => `Inasoma ukurasa wa ${page} kati ya ${total}`,
  comparing: "Inalinganisha na ripoti iliyotiwa muhuri…",
  noAddress:
    "PDF hii haina anwani ya uthibitisho ya ValuSeal. Ikiwa ilichapishwa kisha ikaskaniwa, changanua msimbo wa QR ulio kwenye ukurasa wowote badala yake.",
  foreignTitle: "PDF hii inataja anwani ya uthibitisho ambayo haiko kwenye tovuti hii",
  foreignText: (where) =>
    `Inataja ${where}. ValuSeal haiwezi kuithibitisha: thibitisha ripoti kwa kuchanganua msimbo wa QR ulio kwenye kurasa zake badala yake.`,
  addressOn: (host) => `anwani iliyo kwenye ${host}`,
  addressNotHere: "anwani ambayo haiko kwenye tovuti hii",
  unreadable: "Faili hii haikuweza kusomwa kama PDF. Chagua faili ya PDF ya ripoti.",
  refused: "PDF hii haiwezi kukaguliwa: si ripoti iliyotiwa muhuri na ValuSeal.",
  offline: "Imeshindwa kufikia ValuSeal. Angalia muunganisho wako kisha ujaribu tena.",
  tooMany: "Maombi mengi mno, tafadhali subiri dakika moja kisha ujaribu tena.",
  failed: (status) => `Ukaguzi haukuweza kukamilika (hitilafu ${status}). Jaribu tena.`,
  issuerVerified: "amethibitishwa na ValuSeal",
  issuerNotVerified: "hajathibitishwa na ValuSeal",
  checkedAgainst: (issuer, verified, property, value) =>
    `Imelinganishwa na msimbo uliotolewa na ${issuer} (${verified}) kwa ${property}, thamani ya soko ${value}. Misimbo ya QR iliyo kwenye kurasa za ripoti lazima ifungue msimbo huu huu: `,
};

export const CHECK_TEXTS: Record<Language, CheckTexts> = { en, sw };
