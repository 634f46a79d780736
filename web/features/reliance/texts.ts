import type { Language } from "#schema/language.ts";
import {
  EXPIRING_WITHIN_DAYS,
  SAME_TITLE_DIFFERENCE_PERCENT,
  SAME_TITLE_WINDOW_MONTHS,
} from "#schema/limits/lenders.ts";
import type { RelianceWarningKind, WatchedCode } from "#schema/responses/index.ts";
import type { PortfolioView } from "#schema/validation/reliances.ts";

type ChangeKind = NonNullable<WatchedCode["lastChange"]>["kind"];

/**
 * The lender screens (Record reliance, the Portfolio) in each language the public screens speak:
 * a bank officer in Kenya or Tanzania may read Swahili first. The verdict's own words come from the
 * certificate's rule (schema/certificate-verdict.ts) in the same language.
 */
export interface RelianceTexts {
  // Record reliance
  recordTitle: string;
  recordIntro: string;
  verificationCode: string;
  verificationCodeHint: string;
  checking: string;
  checkValuation: string;
  couldNotCheck: string;
  letterGranted: (until: string) => string;
  letterDeclined: (reason: string | null) => string;
  letterRequestedOn: (on: string) => string;
  letterRequested: string;
  letterRequestedToast: string;
  couldNotAskLetter: string;
  asking: string;
  askForLetter: string;
  watchingToast: string;
  watchingToastText: string;
  couldNotWatch: string;
  watching: string;
  watchOnly: string;
  confirmEach: string;
  relianceRecorded: string;
  relianceRecordedText: string;
  couldNotRecord: string;
  beforeYouRely: string;
  loanReference: string;
  loanReferenceHint: string;
  amountLent: (currency: string) => string;
  relianceDate: string;
  recording: string;
  recordReliance: string;
  checkAnother: string;
  property: string;
  issuedBy: string;
  preparedFor: string;
  marketValue: string;
  valuationDate: string;
  validUntil: string;
  warnings: Partial<Record<RelianceWarningKind, string>>;
  // Portfolio
  portfolioTitle: string;
  portfolioIntro: string;
  views: Record<PortfolioView, string>;
  allValuations: string;
  show: string;
  changes: Record<ChangeKind, string>;
  letterRequestedLine: (on: string) => string;
  letterGrantedLine: (until: string) => string;
  letterDeclinedLine: (reason: string | null) => string;
  openCertificate: string;
  alreadyRely: string;
  revokedReason: (reason: string) => string;
  relianceColumn: string;
  watchingOnly: string;
  replacedBy: string;
  notVerifiedTitle: string;
  refusedTitle: string;
  notVerifiedText: string;
  refusedNext: (note: string | null) => string;
  pendingNext: string;
  institutionDetails: string;
  loadingPortfolio: string;
  failedPortfolio: string;
  noMatchTitle: string;
  noMatchText: string;
  emptyTitle: string;
  emptyText: string;
  watchedValuations: string;
  portfolioPages: string;
}

const en: RelianceTexts = {
  recordTitle: "Record Reliance",
  recordIntro: "Record that a loan relies on a valuation: you are told if it is revoked, replaced or expires.",
  verificationCode: "Verification Code",
  verificationCodeHint: "As printed on the report, or the code from its QR address",
  checking: "Checking...",
  checkValuation: "Check valuation",
  couldNotCheck: "Could not check the valuation",
  letterGranted: (until) => `The issuer extended reliance to your institution until ${until}.`,
  letterDeclined: (reason) => `The issuer declined your request for a reliance letter${reason ? `: ${reason}` : ""}.`,
  letterRequestedOn: (on) => `Reliance letter requested on ${on}. You will be told when the issuer answers.`,
  letterRequested: "Reliance letter requested. You will be told when the issuer answers.",
  letterRequestedToast: "Reliance letter requested",
  couldNotAskLetter: "Could not ask for a reliance letter",
  asking: "Asking...",
  askForLetter: "Ask the issuer for a reliance letter",
  watchingToast: "Watching the valuation",
  watchingToastText: "You will be told if it is revoked, replaced or expires.",
  couldNotWatch: "Could not watch the valuation",
  watching: "Watching...",
  watchOnly: "Watch without relying",
  confirmEach: "Tick each point to confirm you rely on this valuation anyway",
  relianceRecorded: "Reliance recorded",
  relianceRecordedText: "The valuation is in your portfolio.",
  couldNotRecord: "Could not record reliance",
  beforeYouRely: "Before you rely on it, confirm",
  loanReference: "Loan or Facility Reference",
  loanReferenceHint: "Kept by ValuSeal only in a form that cannot be read back; shown to you masked",
  amountLent: (currency) => `Amount Lent (${currency})`,
  relianceDate: "Date of Reliance",
  recording: "Recording...",
  recordReliance: "Record reliance",
  checkAnother: "Check another valuation",
  property: "Property",
  issuedBy: "Issued by",
  preparedFor: "Prepared For",
  marketValue: "Market Value",
  valuationDate: "Valuation Date",
  validUntil: "Valid Until",
  warnings: {},
  portfolioTitle: "Portfolio",
  portfolioIntro:
    "The valuations your loans rely on or you watch, where each stands, and what changed. You are emailed when one is revoked, replaced or expires.",
  views: {
    valid: "Valid",
    expiring: `Expiring in ${EXPIRING_WITHIN_DAYS} days`,
    expired: "Expired",
    revoked: "Revoked",
    superseded: "Superseded",
  },
  allValuations: "All valuations",
  show: "Show",
  changes: {
    "code.revoked": "Revoked by the issuer",
    "code.superseded": "Replaced by the issuer",
    "code.expired": "Expired",
    "code.reinstated": "Reinstated by the issuer",
    "issuer.suspended": "Issuer suspended by ValuSeal",
    "reliance.duplicate": "Another institution relies on it",
    "valuer.deregistered": "Valuer no longer on the register",
  },
  letterRequestedLine: (on) => `Reliance letter requested on ${on}`,
  letterGrantedLine: (until) => `Reliance letter granted until ${until}`,
  letterDeclinedLine: (reason) => `Reliance letter declined${reason ? `: ${reason}` : ""}`,
  openCertificate: "Open the certificate",
  alreadyRely: "You already rely on this valuation",
  revokedReason: (reason) => `Reason given by the issuer: ${reason}`,
  relianceColumn: "Reliance",
  watchingOnly: "Watching only",
  replacedBy: "Replaced by",
  notVerifiedTitle: "ValuSeal is verifying your institution",
  refusedTitle: "ValuSeal could not verify your institution",
  notVerifiedText:
    "Until it has, you cannot check valuations here, record reliance or watch them; anyone can still open a certificate by scanning its code.",
  refusedNext: (note) =>
    `${note ? `ValuSeal's note: ${note}. ` : ""}Correct your institution's details in Settings to be checked again.`,
  pendingNext: "You are emailed when ValuSeal decides.",
  institutionDetails: "Your institution's details",
  loadingPortfolio: "Loading portfolio...",
  failedPortfolio: "Failed to load your portfolio",
  noMatchTitle: "No valuation matches",
  noMatchText: "None of your valuations has this status. Choose another, or show all.",
  emptyTitle: "No reliance recorded yet",
  emptyText: "Record the valuations your loans rely on, and ValuSeal keeps them here with their standing.",
  watchedValuations: "Watched valuations",
  portfolioPages: "Portfolio pages",
};

const sw: RelianceTexts = {
  recordTitle: "Rekodi Utegemezi",
  recordIntro: "Rekodi kwamba mkopo unategemea tathmini: unaarifiwa ikifutwa, ikibadilishwa au ikiisha muda wake.",
  verificationCode: "Msimbo wa Uthibitisho",
  verificationCodeHint: "Kama ulivyochapishwa kwenye ripoti, au msimbo ulio kwenye anwani ya QR",
  checking: "Inakagua...",
  checkValuation: "Kagua tathmini",
  couldNotCheck: "Imeshindwa kukagua tathmini",
  letterGranted: (until) => `Mtoaji ameipa taasisi yako ruhusa ya kutegemea hadi ${until}.`,
  letterDeclined: (reason) => `Mtoaji amekataa ombi lako la barua ya kutegemewa${reason ? `: ${reason}` : ""}.`,
  letterRequestedOn: (on) => `Barua ya kutegemewa iliombwa tarehe ${on}. Utaarifiwa mtoaji akijibu.`,
  letterRequested: "Barua ya kutegemewa imeombwa. Utaarifiwa mtoaji akijibu.",
  letterRequestedToast: "Barua ya kutegemewa imeombwa",
  couldNotAskLetter: "Imeshindwa kuomba barua ya kutegemewa",
  asking: "Inaomba...",
  askForLetter: "Omba barua ya kutegemewa kwa mtoaji",
  watchingToast: "Unafuatilia tathmini",
  watchingToastText: "Utaarifiwa ikifutwa, ikibadilishwa au ikiisha muda wake.",
  couldNotWatch: "Imeshindwa kufuatilia tathmini",
  watching: "Inafuatilia...",
  watchOnly: "Fuatilia bila kutegemea",
  confirmEach: "Weka alama kwenye kila hoja kuthibitisha kwamba unaitegemea tathmini hii hata hivyo",
  relianceRecorded: "Utegemezi umerekodiwa",
  relianceRecordedText: "Tathmini iko kwenye portfolio yako.",
  couldNotRecord: "Imeshindwa kurekodi utegemezi",
  beforeYouRely: "Kabla ya kuitegemea, thibitisha",
  loanReference: "Namba ya Mkopo au Kituo",
  loanReferenceHint: "ValuSeal inaihifadhi tu kwa namna isiyoweza kusomwa tena; unaonyeshwa ikiwa imefichwa",
  amountLent: (currency) => `Kiasi Kilichokopeshwa (${currency})`,
  relianceDate: "Tarehe ya Kutegemea",
  recording: "Inarekodi...",
  recordReliance: "Rekodi utegemezi",
  checkAnother: "Kagua tathmini nyingine",
  property: "Mali",
  issuedBy: "Imetolewa na",
  preparedFor: "Imeandaliwa Kwa",
  marketValue: "Thamani ya Soko",
  valuationDate: "Tarehe ya Tathmini",
  validUntil: "Halali Hadi",
  warnings: {
    "addressed-to-another":
      "Imeandaliwa kwa taasisi nyingine — utegemezi unahitaji barua ya kutegemewa kutoka kwa mtoaji",
    "same-title-differs": `Tathmini nyingine ya hati hii ndani ya miezi ${SAME_TITLE_WINDOW_MONTHS} inatofautiana kwa zaidi ya asilimia ${SAME_TITLE_DIFFERENCE_PERCENT}`,
  },
  portfolioTitle: "Portfolio",
  portfolioIntro:
    "Tathmini ambazo mikopo yako inategemea au unazofuatilia, hali ya kila moja, na kilichobadilika. Unatumiwa barua pepe moja ikifutwa, ikibadilishwa au ikiisha muda.",
  views: {
    valid: "Halali",
    expiring: `Zinaisha ndani ya siku ${EXPIRING_WITHIN_DAYS}`,
    expired: "Zimeisha muda",
    revoked: "Zimefutwa",
    superseded: "Zimebadilishwa",
  },
  allValuations: "Tathmini zote",
  show: "Onyesha",
  changes: {
    "code.revoked": "Imefutwa na mtoaji",
    "code.superseded": "Imebadilishwa na mtoaji",
    "code.expired": "Imeisha muda",
    "code.reinstated": "Imerejeshwa na mtoaji",
    "issuer.suspended": "Mtoaji amesimamishwa na ValuSeal",
    "reliance.duplicate": "Taasisi nyingine inaitegemea",
    "valuer.deregistered": "Mthamini hayupo tena kwenye rejista",
  },
  letterRequestedLine: (on) => `Barua ya kutegemewa iliombwa tarehe ${on}`,
  letterGrantedLine: (until) => `Barua ya kutegemewa imetolewa hadi ${until}`,
  letterDeclinedLine: (reason) => `Barua ya kutegemewa imekataliwa${reason ? `: ${reason}` : ""}`,
  openCertificate: "Fungua cheti",
  alreadyRely: "Tayari unaitegemea tathmini hii",
  revokedReason: (reason) => `Sababu iliyotolewa na mtoaji: ${reason}`,
  relianceColumn: "Utegemezi",
  watchingOnly: "Inafuatiliwa tu",
  replacedBy: "Imebadilishwa na",
  notVerifiedTitle: "ValuSeal inathibitisha taasisi yako",
  refusedTitle: "ValuSeal haikuweza kuthibitisha taasisi yako",
  notVerifiedText:
    "Hadi itakapothibitisha, huwezi kukagua tathmini hapa, kurekodi utegemezi wala kuzifuatilia; mtu yeyote bado anaweza kufungua cheti kwa kuskani msimbo wake.",
  refusedNext: (note) =>
    `${note ? `Maelezo ya ValuSeal: ${note}. ` : ""}Sahihisha taarifa za taasisi yako kwenye Mipangilio ili ikaguliwe tena.`,
  pendingNext: "Utatumiwa barua pepe ValuSeal ikiamua.",
  institutionDetails: "Taarifa za taasisi yako",
  loadingPortfolio: "Inapakia portfolio...",
  failedPortfolio: "Imeshindwa kupakia portfolio yako",
  noMatchTitle: "Hakuna tathmini inayolingana",
  noMatchText: "Hakuna tathmini yako yenye hali hii. Chagua nyingine, au onyesha zote.",
  emptyTitle: "Bado hujarekodi utegemezi",
  emptyText: "Rekodi tathmini ambazo mikopo yako inategemea, na ValuSeal inazihifadhi hapa pamoja na hali yake.",
  watchedValuations: "Tathmini zinazofuatiliwa",
  portfolioPages: "Kurasa za portfolio",
};

export const RELIANCE_TEXTS: Record<Language, RelianceTexts> = { en, sw };
