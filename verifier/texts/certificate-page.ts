import { VEHICLE_DESCRIPTION_LABEL, VEHICLE_REFERENCE_LABEL } from "#schema/code-description.ts";
import type { CertificateHeadline } from "#schema/certificate-verdict.ts";
import type { Language } from "#schema/language.ts";
import type { PropertyType, ValuationPurpose } from "#schema/limits/codes.ts";

/**
 * A sentence with one value in bold (and, for `link`, words that link somewhere): the words around
 * it as plain text, so the page that renders them escapes every part and no dictionary holds markup.
 */
interface AroundValue {
  before: string;
  after: string;
}

/**
 * Every text of the verification pages (certificate, invalid code, unknown verification code,
 * unavailable), one object per language: the Worker renders them, and the web app's certificate view
 * shows the same words. Both objects have this one type, so a text added in English without its
 * Swahili fails the typecheck. Texts around a value are functions or `AroundValue`s.
 */
export interface CertificateTexts {
  /** The nav around the language switch. */
  languageSwitch: string;
  /** Around the site's host, in bold. */
  phishing: AroundValue;

  certificateTitle: string;
  /** The summary under the badge: what a bank officer needs before scrolling. */
  summary: string;
  issuer: string;
  valuer: string;

  sampleBannerTitle: string;
  sampleBannerText: string;
  /** Why ValuSeal does not vouch for the issuer of a standing code, under its amber headline. */
  trustBanners: Record<Extract<CertificateHeadline, `issuer-${string}` | "valuer-unconfirmed">, string>;
  reinstated: (revokedOn: string, reinstatedOn: string) => string;
  expiredBannerText: (date: string) => string;
  revokedOn: (date: string | null) => string;
  withdrawn: string;
  reason: string;
  replacedTitle: string;
  /** The link to the replacement: words, not its raw address. */
  openReplacement: string;
  sealedPage: (page: string, count: string) => string;
  checkPdfButton: string;
  checkPdfHint: string;
  notSealed: string;
  signedRecordLink: string;
  signedRecordRest: string;
  offlineVerifierLink: string;
  offlineVerifierRest: string;

  propertyInformation: string;
  valuationDetails: string;
  signingValuer: string;
  location: string;
  reference: string;
  vehicleReference: string;
  vehicleDescription: string;
  type: string;
  titleNumber: string;
  buildingSize: string;
  landSize: string;
  marketValue: string;
  forcedSaleValue: string;
  valuationDate: string;
  inspectionDate: string;
  validUntil: string;
  preparedFor: string;
  relianceLetter: string;
  relianceExtended: (lender: string, until: string) => string;
  /** The link a bank officer follows from the certificate to record the loan that relies on it. */
  recordReliance: string;
  purpose: string;
  name: string;
  qualification: string;
  registrationNumber: string;
  registerCheck: string;
  phone: string;
  company: string;
  companyEmail: string;
  companyPhone: string;
  companyRegistration: string;
  verificationCode: string;
  qrCodeId: string;
  scanCount: string;
  notCounted: string;
  propertyTypes: Record<PropertyType, string>;
  purposes: Record<ValuationPurpose, string>;

  invalidTitle: string;
  invalidBadge: string;
  /** The strong red line under an unknown code's badge: what the reader must not do. */
  notValuSealCode: string;
  invalidText: string;

  unknownCodeTitle: string;
  unknownCodeBadge: string;
  /** Around the code the reader typed (bold), then `link` (to try again) and the rest. */
  unknownCodeText: AroundValue & { link: string; afterLink: string };

  tooManyRequests: string;
  tooManyRequestsText: string;
  unavailableTitle: string;
  unavailableText: string;
}

const en: CertificateTexts = {
  languageSwitch: "Language",
  phishing: { before: "Check that the address bar shows ", after: " before you rely on this page." },

  certificateTitle: "Property Valuation Certificate",
  summary: "Summary",
  issuer: "Issuer",
  valuer: "Signing valuer",

  sampleBannerTitle: "Sample certificate — for demonstration only",
  sampleBannerText:
    "This is how a scanned ValuSeal code looks. A real certificate shows the issuer's record with a green verification badge.",
  trustBanners: {
    "issuer-not-verified":
      "This code is in ValuSeal's records, but ValuSeal has not checked the identity or professional registration of the company that issued it. Confirm the report with the valuation firm through a channel you already trust before relying on it.",
    "issuer-before-verification":
      "ValuSeal verified this firm after this code was issued and has not confirmed the codes it issued before. Confirm the report with the valuation firm through a channel you already trust before relying on it.",
    "issuer-other-identity":
      "The name, registration or email on this code is not the identity ValuSeal verified for the firm that issued it. Confirm the report with the valuation firm through a channel you already trust before relying on it.",
    "issuer-suspended":
      "ValuSeal has suspended the firm that issued this code. The record below is as it was issued; do not rely on it without confirming it with the firm and its professional body.",
    "valuer-unconfirmed":
      "When this code was issued, ValuSeal's check of the signing valuer's registration did not confirm it (see Register check under Signing valuer). Confirm the report with the firm and the valuers' registration board before relying on it.",
  },
  reinstated: (revokedOn, reinstatedOn) => `Withdrawn on ${revokedOn} and reinstated on ${reinstatedOn}`,
  expiredBannerText: (date) => `This valuation expired on ${date}. Ask the valuer for an updated report.`,
  revokedOn: (date) => `Revoked${date ? ` on ${date}` : ""}`,
  withdrawn: "The issuer has withdrawn this valuation. Do not rely on it.",
  reason: "Reason",
  replacedTitle: "Replaced by a newer valuation",
  openReplacement: "Open the new valuation",
  sealedPage: (page, count) => `Page ${page} of ${count} of the sealed report`,
  checkPdfButton: "Check the PDF you were given",
  checkPdfHint: "Your browser compares it with the sealed report, page by page. Nothing is uploaded.",
  notSealed: "The issuer did not seal a PDF of this report with ValuSeal: compare your copy with the details below.",
  offlineVerifierLink: "Download the offline verifier",
  offlineVerifierRest: ": it checks the signed record and the report's PDF on your own computer, with no connection.",
  signedRecordLink: "Download signed record",
  signedRecordRest:
    ": this certificate as ValuSeal signed it, to keep with the report. Its signature can be checked against ValuSeal's published keys without this site.",

  propertyInformation: "Property Information",
  valuationDetails: "Valuation Details",
  signingValuer: "Signing Valuer",
  location: "Location",
  reference: "Reference",
  vehicleReference: VEHICLE_REFERENCE_LABEL,
  vehicleDescription: VEHICLE_DESCRIPTION_LABEL,
  type: "Type",
  titleNumber: "Title number",
  buildingSize: "Building size",
  landSize: "Land size",
  marketValue: "Market value",
  forcedSaleValue: "Forced sale value",
  valuationDate: "Valuation date",
  inspectionDate: "Inspection date",
  validUntil: "Valid until",
  preparedFor: "Prepared for",
  relianceLetter: "Reliance letter",
  relianceExtended: (lender, until) => `Reliance extended to ${lender} until ${until}`,
  recordReliance: "Lender? Record reliance",
  purpose: "Purpose",
  name: "Name",
  qualification: "Qualification",
  registrationNumber: "Registration number",
  registerCheck: "Register check",
  phone: "Phone",
  company: "Company",
  companyEmail: "Company email",
  companyPhone: "Company phone",
  companyRegistration: "Company registration",
  verificationCode: "Verification code",
  qrCodeId: "QR Code ID",
  scanCount: "Scan count",
  notCounted: "Not counted (sample)",
  propertyTypes: {
    "Real Estate": "Real Estate",
    "Loose Assets": "Loose Assets",
    "Motor Vehicle": "Motor Vehicle",
    "Plant and Machinery": "Plant and Machinery",
    Other: "Other",
  },
  purposes: {
    "Secured lending": "Secured lending",
    "Sale or purchase": "Sale or purchase",
    Insurance: "Insurance",
    "Legal or probate": "Legal or probate",
    "Financial reporting": "Financial reporting",
    Other: "Other",
  },

  invalidTitle: "Invalid QR Code",
  invalidBadge: "Invalid QR code data",
  notValuSealCode: "Not a ValuSeal code — do not rely on the document it appears on",
  invalidText:
    "This code is not in the issuer's records. The document it appears on may not be genuine: contact the valuation company through a channel you already trust.",

  unknownCodeTitle: "Verification code not found",
  unknownCodeBadge: "No report has this verification code",
  unknownCodeText: {
    before: "No report in ValuSeal's records has the code ",
    after: ". Check it against the report (codes look like VS-7K3M-9Q2P-4H) and ",
    link: "try again",
    afterLink:
      ". If it still does not match, the document may not be genuine: contact the valuation company through a channel you already trust.",
  },

  tooManyRequests: "Too many requests",
  tooManyRequestsText: "Please wait a minute and try again.",
  unavailableTitle: "Verification temporarily unavailable",
  unavailableText: "Verification temporarily unavailable, please try again in a moment.",
};

const sw: CertificateTexts = {
  languageSwitch: "Lugha",
  phishing: { before: "Hakikisha kwamba upau wa anwani unaonyesha ", after: " kabla ya kuutegemea ukurasa huu." },

  certificateTitle: "Cheti cha Tathmini ya Mali",
  summary: "Muhtasari",
  issuer: "Mtoaji",
  valuer: "Mthamini",

  sampleBannerTitle: "Cheti cha sampuli — kwa maonyesho tu",
  sampleBannerText:
    "Hivi ndivyo msimbo wa ValuSeal unavyoonekana ukichanganuliwa. Cheti halisi huonyesha rekodi ya mtoaji pamoja na alama ya kijani ya uthibitisho.",
  trustBanners: {
    "issuer-not-verified":
      "Msimbo huu umo katika kumbukumbu za ValuSeal, lakini ValuSeal haijathibitisha utambulisho wala usajili wa kitaaluma wa kampuni iliyoutoa. Thibitisha ripoti hii na kampuni ya tathmini kupitia njia unayoiamini tayari kabla ya kuitegemea.",
    "issuer-before-verification":
      "ValuSeal ilithibitisha kampuni hii baada ya msimbo huu kutolewa, na haijathibitisha misimbo iliyotolewa kabla ya hapo. Thibitisha ripoti hii na kampuni ya tathmini kupitia njia unayoiamini tayari kabla ya kuitegemea.",
    "issuer-other-identity":
      "Jina, usajili au barua pepe kwenye msimbo huu si utambulisho ambao ValuSeal ilithibitisha kwa kampuni iliyoutoa. Thibitisha ripoti hii na kampuni ya tathmini kupitia njia unayoiamini tayari kabla ya kuitegemea.",
    "issuer-suspended":
      "ValuSeal imeisimamisha kampuni iliyotoa msimbo huu. Rekodi iliyo hapa chini ni kama ilivyotolewa; usiitegemee bila kuithibitisha na kampuni hiyo na chombo chake cha kitaaluma.",
    "valuer-unconfirmed":
      "Msimbo huu ulipotolewa, ukaguzi wa ValuSeal wa usajili wa mthamini aliyetia sahihi haukuuthibitisha (angalia Ukaguzi wa rejista chini ya Mthamini). Thibitisha ripoti hii na kampuni na bodi ya usajili wa wathamini kabla ya kuitegemea.",
  },
  reinstated: (revokedOn, reinstatedOn) => `Iliondolewa tarehe ${revokedOn} na kurejeshwa tarehe ${reinstatedOn}`,
  expiredBannerText: (date) =>
    `Muda wa tathmini hii ulikwisha tarehe ${date}. Muombe mthamini akupe ripoti iliyosasishwa.`,
  revokedOn: (date) => `Imebatilishwa${date ? ` tarehe ${date}` : ""}`,
  withdrawn: "Mtoaji ameiondoa tathmini hii. Usiitegemee.",
  reason: "Sababu",
  replacedTitle: "Imebadilishwa na tathmini mpya zaidi",
  openReplacement: "Fungua tathmini mpya",
  sealedPage: (page, count) => `Ukurasa wa ${page} kati ya ${count} wa ripoti iliyotiwa muhuri`,
  checkPdfButton: "Kagua PDF uliyopewa",
  checkPdfHint:
    "Kivinjari chako kinailinganisha na ripoti iliyotiwa muhuri, ukurasa kwa ukurasa. Hakuna kinachopakiwa.",
  notSealed:
    "Mtoaji hakutia muhuri PDF ya ripoti hii kwa ValuSeal: linganisha nakala yako na maelezo yaliyo hapa chini.",
  offlineVerifierLink: "Pakua kikaguzi kisichohitaji mtandao",
  offlineVerifierRest: ": hukagua rekodi iliyotiwa saini na PDF ya ripoti kwenye kompyuta yako, bila mtandao.",
  signedRecordLink: "Pakua rekodi iliyotiwa saini",
  signedRecordRest:
    ": cheti hiki kama ValuSeal ilivyokitia saini, cha kuhifadhi pamoja na ripoti. Saini yake inaweza kukaguliwa kwa funguo za umma za ValuSeal bila tovuti hii.",

  propertyInformation: "Taarifa za Mali",
  valuationDetails: "Maelezo ya Tathmini",
  signingValuer: "Mthamini Aliyetia Sahihi",
  location: "Mahali",
  reference: "Kumbukumbu",
  vehicleReference: "Nambari ya Kumbukumbu ya Gari",
  vehicleDescription: "Maelezo ya Gari",
  type: "Aina",
  titleNumber: "Nambari ya hati miliki",
  buildingSize: "Ukubwa wa jengo",
  landSize: "Ukubwa wa ardhi",
  marketValue: "Thamani ya soko",
  forcedSaleValue: "Thamani ya mauzo ya lazima",
  valuationDate: "Tarehe ya tathmini",
  inspectionDate: "Tarehe ya ukaguzi",
  validUntil: "Halali hadi",
  preparedFor: "Imeandaliwa kwa ajili ya",
  relianceLetter: "Barua ya kutegemewa",
  relianceExtended: (lender, until) => `Kutegemewa kumeruhusiwa kwa ${lender} hadi ${until}`,
  recordReliance: "Mkopeshaji? Rekodi utegemezi",
  purpose: "Madhumuni",
  name: "Jina",
  qualification: "Sifa za kitaaluma",
  registrationNumber: "Nambari ya usajili",
  registerCheck: "Ukaguzi wa rejista",
  phone: "Simu",
  company: "Kampuni",
  companyEmail: "Barua pepe ya kampuni",
  companyPhone: "Simu ya kampuni",
  companyRegistration: "Usajili wa kampuni",
  verificationCode: "Msimbo wa uthibitisho",
  qrCodeId: "Kitambulisho cha msimbo wa QR",
  scanCount: "Idadi ya uchanganuzi",
  notCounted: "Haihesabiwi (sampuli)",
  propertyTypes: {
    "Real Estate": "Mali isiyohamishika",
    "Loose Assets": "Mali zinazohamishika",
    "Motor Vehicle": "Gari",
    "Plant and Machinery": "Mitambo na mashine",
    Other: "Nyingine",
  },
  purposes: {
    "Secured lending": "Mkopo wenye dhamana",
    "Sale or purchase": "Mauzo au ununuzi",
    Insurance: "Bima",
    "Legal or probate": "Masuala ya kisheria au mirathi",
    "Financial reporting": "Taarifa za fedha",
    Other: "Nyingine",
  },

  invalidTitle: "Msimbo wa QR si Halali",
  invalidBadge: "Data ya msimbo wa QR si halali",
  notValuSealCode: "Si msimbo wa ValuSeal — usitegemee hati ambayo msimbo huu umo",
  invalidText:
    "Msimbo huu haumo katika kumbukumbu za mtoaji. Huenda hati ulimouona si halisi: wasiliana na kampuni ya tathmini kupitia njia unayoiamini tayari.",

  unknownCodeTitle: "Msimbo wa uthibitisho haukupatikana",
  unknownCodeBadge: "Hakuna ripoti yenye msimbo huu wa uthibitisho",
  unknownCodeText: {
    before: "Hakuna ripoti katika kumbukumbu za ValuSeal yenye msimbo ",
    after: ". Ulinganishe na ripoti (misimbo huonekana hivi: VS-7K3M-9Q2P-4H) kisha ",
    link: "ujaribu tena",
    afterLink:
      ". Ikiwa bado haulingani, huenda hati si halisi: wasiliana na kampuni ya tathmini kupitia njia unayoiamini tayari.",
  },

  tooManyRequests: "Maombi mengi mno",
  tooManyRequestsText: "Tafadhali subiri dakika moja kisha ujaribu tena.",
  unavailableTitle: "Uthibitisho haupatikani kwa sasa",
  unavailableText: "Uthibitisho haupatikani kwa sasa, tafadhali jaribu tena baada ya muda mfupi.",
};

export const CERTIFICATE_TEXTS: Record<Language, CertificateTexts> = { en, sw };

/** Stored enumerations (property type, purpose) in the page's language; anything else as stored. */
export const translated = <K extends string>(map: Record<K, string>, value: string | null) =>
  value === null ? null : (map[value as K] ?? value);
