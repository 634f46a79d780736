import type { Language } from "#schema/language.ts";

/**
 * The landing pages' words in each language the public screens speak. English is the product's own
 * (the specification's texts); Swahili says the same for readers in Kenya and Tanzania.
 */
export interface LandingTexts {
  tabTitle: string;
  verifyReport: string;
  verifyShort: string;
  verifyLong: string;
  valuerDashboard: string;
  heroTitle: string;
  heroText: string;
  startFreeTrial: string;
  signIn: string;
  lender: string;
  sealedReportLead: string;
  sealedReportLink: string;
  sealedReportTail: string;
  demoTitle: string;
  demoText: string;
  demoAlt: string;
  loading: string;
  howItWorks: string;
  steps: { title: string; text: string }[];
  protectTitle: string;
  protectText: string;
  createAccount: string;
  pricing: {
    title: string;
    /** "{credits} codes" */
    pack: (credits: number) => string;
    /** "{price} a code" */
    perCode: (price: string) => string;
    plusVat: (vat: string) => string;
    note: string;
    inOtherCurrency: string;
  };
  figuresLabel: string;
  figures: { signed: string; signedLabel: string; verifiedFirms: string; codesIssued: string; scansThisMonth: string };
}

export const LANDING_TEXTS: Record<Language, LandingTexts> = {
  en: {
    tabTitle: "Valuation report verification",
    verifyReport: "Verify a report",
    verifyShort: "Verify",
    verifyLong: " a report",
    valuerDashboard: "Valuer Dashboard",
    heroTitle: "Stop forged valuation reports with one scan",
    heroText:
      "Generate a unique QR verification code for every property valuation report. Anyone who scans it sees the authentic certificate, and your company is alerted each time a code is scanned.",
    startFreeTrial: "Start Free Trial",
    signIn: "Sign In",
    lender: "I'm a lender",
    sealedReportLead: "Received a sealed report?",
    sealedReportLink: "Check a sealed report",
    sealedReportTail: "without scanning: drop the PDF and every page is checked.",
    demoTitle: "Live demo: scan me",
    demoText:
      "Point another phone's camera at the code, or tap it on this one, to open a sample valuation certificate.",
    demoAlt: "Demo verification QR code: scan or tap it to open a sample certificate",
    loading: "Loading...",
    howItWorks: "How it works",
    steps: [
      {
        title: "Create your valuer account",
        text: "Register your valuation company with its contact details and add your valuers with their professional qualifications.",
      },
      {
        title: "Generate a code per property",
        text: "Enter the property address, property type, market value and valuation date to issue a unique verification code for the report.",
      },
      {
        title: "Paste it into your report",
        text: "Download the code image and paste it on the pages of your Word or PDF valuation report.",
      },
    ],
    protectTitle: "Protect every report you sign",
    protectText:
      "Registration is free and your first 3 codes are on us. After that you buy credits in advance, one per code generated. No monthly fees.",
    createAccount: "Create your free account",
    pricing: {
      title: "Prices",
      pack: (credits) => `${credits} codes`,
      perCode: (price) => `${price} a code`,
      plusVat: (vat) => `+ VAT ${vat}`,
      note: "Prices exclude VAT, which is added at checkout and shown on your receipt. Scanning and checking a code is always free.",
      inOtherCurrency: "Prices in US dollars",
    },
    figuresLabel: "ValuSeal in figures",
    figures: {
      signed: "Signed",
      signedLabel: "Every certificate, and every change to it, signed and publicly logged",
      verifiedFirms: "Firms verified by ValuSeal",
      codesIssued: "Codes issued",
      scansThisMonth: "Scans this month",
    },
  },
  sw: {
    tabTitle: "Uthibitisho wa ripoti za tathmini",
    verifyReport: "Thibitisha ripoti",
    verifyShort: "Thibitisha",
    verifyLong: " ripoti",
    valuerDashboard: "Dashibodi",
    heroTitle: "Zuia ripoti za tathmini za kughushi kwa skani moja",
    heroText:
      "Tengeneza msimbo wa QR wa kipekee kwa kila ripoti ya tathmini ya mali. Yeyote anayeuskani anaona cheti halisi, na kampuni yako inaarifiwa kila msimbo unaposkaniwa.",
    startFreeTrial: "Anza Majaribio Bure",
    signIn: "Ingia",
    lender: "Mimi ni mkopeshaji",
    sealedReportLead: "Umepokea ripoti iliyotiwa muhuri?",
    sealedReportLink: "Kagua ripoti iliyotiwa muhuri",
    sealedReportTail: "bila kuskani: weka PDF na kila ukurasa unakaguliwa.",
    demoTitle: "Onyesho hai: niskani",
    demoText: "Elekeza kamera ya simu nyingine kwenye msimbo, au uguse kwenye simu hii, kufungua cheti cha mfano.",
    demoAlt: "Msimbo wa QR wa onyesho: uskani au uguse kufungua cheti cha mfano",
    loading: "Inapakia...",
    howItWorks: "Jinsi inavyofanya kazi",
    steps: [
      {
        title: "Fungua akaunti ya mthamini",
        text: "Sajili kampuni yako ya tathmini pamoja na mawasiliano yake, na uongeze wathamini wako pamoja na sifa zao za kitaaluma.",
      },
      {
        title: "Tengeneza msimbo kwa kila mali",
        text: "Weka anwani ya mali, aina ya mali, thamani ya soko na tarehe ya tathmini ili kutoa msimbo wa kipekee wa uthibitisho wa ripoti.",
      },
      {
        title: "Ubandike kwenye ripoti yako",
        text: "Pakua picha ya msimbo na uibandike kwenye kurasa za ripoti yako ya tathmini ya Word au PDF.",
      },
    ],
    protectTitle: "Linda kila ripoti unayotia sahihi",
    protectText:
      "Usajili ni bure na misimbo yako 3 ya kwanza ni bure. Baada ya hapo unanunua salio mapema, moja kwa kila msimbo unaotengenezwa. Hakuna ada za kila mwezi.",
    createAccount: "Fungua akaunti yako bure",
    pricing: {
      title: "Bei",
      pack: (credits) => `Misimbo ${credits}`,
      perCode: (price) => `${price} kwa msimbo`,
      plusVat: (vat) => `+ VAT ${vat}`,
      note: "Bei hazijumuishi VAT, inayoongezwa wakati wa kulipa na kuonyeshwa kwenye risiti yako. Kuskani na kukagua msimbo ni bure kila wakati.",
      inOtherCurrency: "Bei kwa dola za Marekani",
    },
    figuresLabel: "ValuSeal kwa takwimu",
    figures: {
      signed: "Imetiwa sahihi",
      signedLabel: "Kila cheti, na kila badiliko lake, kimetiwa sahihi na kurekodiwa hadharani",
      verifiedFirms: "Kampuni zilizothibitishwa na ValuSeal",
      codesIssued: "Misimbo iliyotolewa",
      scansThisMonth: "Skani za mwezi huu",
    },
  },
};

/** The lenders' door (LenderLandingPage). */
interface LenderLandingTexts {
  tabTitle: string;
  signIn: string;
  forLenders: string;
  title: string;
  intro: string;
  keptCode: string;
  openCertificate: string;
  register: string;
  haveAccount: string;
  steps: { title: string; text: string }[];
}

export const LENDER_LANDING_TEXTS: Record<Language, LenderLandingTexts> = {
  en: {
    tabTitle: "Record reliance on a valuation",
    signIn: "Sign in",
    forLenders: "For lenders",
    title: "Record reliance on a valuation",
    intro:
      "Record that a loan relies on a valuation report, with the loan reference kept unreadable to anyone else. ValuSeal emails you if the valuation is revoked, replaced or expires, or if another institution relies on the same report.",
    keptCode: "The valuation you scanned is kept: after you sign in you land on it.",
    openCertificate: "Open its certificate again",
    register: "Register as a lender",
    haveAccount: "I have an account",
    steps: [
      {
        title: "1. Register your institution",
        text: " — a bank, SACCO or microfinance lender — and confirm your email.",
      },
      {
        title: "2. ValuSeal verifies your institution",
        text: " before it can check valuations and record reliance; you are emailed when it has.",
      },
      { title: "3. Record reliance", text: " on each valuation your loans use, and watch your Portfolio." },
    ],
  },
  sw: {
    tabTitle: "Rekodi utegemezi wa tathmini",
    signIn: "Ingia",
    forLenders: "Kwa wakopeshaji",
    title: "Rekodi utegemezi wa tathmini",
    intro:
      "Rekodi kwamba mkopo unategemea ripoti ya tathmini, huku namba ya mkopo ikibaki isiyosomeka kwa mtu mwingine yeyote. ValuSeal inakutumia barua pepe tathmini ikifutwa, ikibadilishwa au ikiisha muda, au taasisi nyingine ikitegemea ripoti hiyo hiyo.",
    keptCode: "Tathmini uliyoiskani imehifadhiwa: ukishaingia utaifikia moja kwa moja.",
    openCertificate: "Fungua cheti chake tena",
    register: "Jisajili kama mkopeshaji",
    haveAccount: "Nina akaunti",
    steps: [
      {
        title: "1. Sajili taasisi yako",
        text: " — benki, SACCO au taasisi ya mikopo midogo — na uthibitishe barua pepe yako.",
      },
      {
        title: "2. ValuSeal inathibitisha taasisi yako",
        text: " kabla haijaweza kukagua tathmini na kurekodi utegemezi; unatumiwa barua pepe ikishathibitishwa.",
      },
      {
        title: "3. Rekodi utegemezi",
        text: " kwa kila tathmini ambayo mikopo yako inatumia, na ufuatilie Portfolio yako.",
      },
    ],
  },
};
