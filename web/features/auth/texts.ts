import type { Language } from "#schema/language.ts";
import { LENDER_TYPE_NAMES, type LenderType } from "#schema/limits/companies.ts";

/**
 * Sign-in and registration in each language the public screens speak. The forms' messages come from
 * the shared schemas in English; `fieldError` says the known ones in the reader's language (a
 * password's weakness, worded by the strength estimator, stays as it says it).
 */
export interface AuthTexts {
  signInTitle: string;
  forgotTitle: string;
  signInForReliance: string;
  signInDescription: string;
  forgotDescription: string;
  email: string;
  password: string;
  forgotPassword: string;
  signIn: string;
  signingIn: string;
  noAccount: string;
  createOne: string;
  loginSuccessful: string;
  welcomeBack: string;
  loginFailed: string;
  invalidCredentials: string;
  usePasskey: string;
  waitingForPasskey: string;
  enterAppCode: string;
  enterRecoveryCode: string;
  authenticationCode: string;
  checking: string;
  verifyAndSignIn: string;
  resetHint: string;
  sendResetLink: string;
  sending: string;
  backToSignIn: string;
  resetFailed: string;
  registerValuer: string;
  registerLender: string;
  registerValuerDescription: string;
  registerLenderDescription: string;
  checkEmailTitle: string;
  checkEmailDescription: string;
  whatDoYouDo: string;
  issueTitle: string;
  issueText: string;
  relyTitle: string;
  relyText: string;
  kindOfLender: string;
  choose: string;
  lenderTypes: Record<LenderType, string>;
  firstName: string;
  lastName: string;
  organisation: { issuer: string; lender: string };
  nameOf: (organisation: string) => string;
  emailOf: (organisation: string) => string;
  phoneOf: (organisation: string) => string;
  locationOf: (organisation: string) => string;
  confirmPassword: string;
  createAccount: string;
  creatingAccount: string;
  haveAccount: string;
  signInLink: string;
  registrationSuccessful: string;
  checkYourEmail: string;
  registrationFailed: string;
  registrationFailedGeneric: string;
  sentTo: (email: string) => string;
  afterLender: string;
  afterIssuer: string;
  fieldError: (message: string) => string;
  errorSummary: { title: string; lead: string };
}

const en: AuthTexts = {
  signInTitle: "Sign In",
  forgotTitle: "Forgot Password",
  signInForReliance: "Sign in to record reliance on the valuation",
  signInDescription: "Access your valuer dashboard",
  forgotDescription: "Enter your sign-in email and we will send you a link to choose a new password.",
  email: "Email",
  password: "Password",
  forgotPassword: "Forgot password?",
  signIn: "Sign In",
  signingIn: "Signing In...",
  noAccount: "Don't have an account?",
  createOne: "Create one",
  loginSuccessful: "Login Successful",
  welcomeBack: "Welcome back!",
  loginFailed: "Login Failed",
  invalidCredentials: "Invalid email or password",
  usePasskey: "Use a Passkey",
  waitingForPasskey: "Waiting for your passkey...",
  enterAppCode: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  enterRecoveryCode: "Or enter one of your recovery codes.",
  authenticationCode: "Authentication code",
  checking: "Checking...",
  verifyAndSignIn: "Verify and Sign In",
  resetHint: "We email a link to reset your password to this address if it has an account.",
  sendResetLink: "Send reset link",
  sending: "Sending...",
  backToSignIn: "Back to sign in",
  resetFailed: "Failed to send the reset link",
  registerValuer: "Create Your Valuer Account",
  registerLender: "Create Your Lender Account",
  registerValuerDescription: "Register your valuation company to start generating verification codes",
  registerLenderDescription: "Register your institution to record reliance on valuations and be told when they change",
  checkEmailTitle: "Check Your Email",
  checkEmailDescription: "One more step to confirm your address.",
  whatDoYouDo: "What does your organisation do?",
  issueTitle: "I issue valuations",
  issueText: "A valuation firm: verification codes on its reports",
  relyTitle: "I rely on valuations",
  relyText: "A bank, SACCO or microfinance lender",
  kindOfLender: "Kind of Lender",
  choose: "Choose…",
  lenderTypes: LENDER_TYPE_NAMES,
  firstName: "First Name",
  lastName: "Last Name",
  organisation: { issuer: "Company", lender: "Institution" },
  nameOf: (organisation) => `${organisation} Name`,
  emailOf: (organisation) => `${organisation} Email`,
  phoneOf: (organisation) => `${organisation} Phone`,
  locationOf: (organisation) => `${organisation} Location`,
  confirmPassword: "Confirm Password",
  createAccount: "Create Account",
  creatingAccount: "Creating Account...",
  haveAccount: "Already have an account?",
  signInLink: "Sign in",
  registrationSuccessful: "Registration Successful",
  checkYourEmail: "Check your email to confirm your address.",
  registrationFailed: "Registration Failed",
  registrationFailedGeneric: "Failed to create account. Please try again.",
  sentTo: (email) => `We sent a confirmation link to ${email}.`,
  afterLender:
    "Follow the link in the email to confirm it; it brings you back here to sign in. ValuSeal verifies your institution before reliance can be recorded.",
  afterIssuer:
    "You can sign in now; issuing codes, inviting your team and the other steps that act in your firm's name open once your email is confirmed.",
  fieldError: (message) => message,
  errorSummary: { title: "There is a problem", lead: "Check these fields:" },
};

/** The schemas' fixed messages in Swahili; the ones with a number are matched by their pattern. */
const SWAHILI_ERRORS: Record<string, string> = {
  "First name is required": "Jina la kwanza linahitajika",
  "Last name is required": "Jina la mwisho linahitajika",
  "Company name is required": "Jina la kampuni linahitajika",
  "Invalid email address": "Anwani ya barua pepe si sahihi",
  "Enter a phone number, like +254 712 345 678": "Weka namba ya simu, kama +254 712 345 678",
  "Passwords don't match": "Nenosiri hazilingani",
  "Password is required": "Nenosiri linahitajika",
  "Password cannot be blank": "Nenosiri haliwezi kuwa tupu",
  "Current password is required": "Nenosiri la sasa linahitajika",
  "Choose the kind of lender": "Chagua aina ya mkopeshaji",
  "Choose what your organisation does": "Chagua kazi ya taasisi yako",
  "Invalid email or password": "Barua pepe au nenosiri si sahihi",
};

const sw: AuthTexts = {
  signInTitle: "Ingia",
  forgotTitle: "Umesahau Nenosiri",
  signInForReliance: "Ingia ili kurekodi utegemezi wa tathmini",
  signInDescription: "Fikia dashibodi yako ya mthamini",
  forgotDescription: "Weka barua pepe unayotumia kuingia na tutakutumia kiungo cha kuchagua nenosiri jipya.",
  email: "Barua pepe",
  password: "Nenosiri",
  forgotPassword: "Umesahau nenosiri?",
  signIn: "Ingia",
  signingIn: "Inaingia...",
  noAccount: "Huna akaunti?",
  createOne: "Fungua moja",
  loginSuccessful: "Umeingia",
  welcomeBack: "Karibu tena!",
  loginFailed: "Imeshindwa kuingia",
  invalidCredentials: "Barua pepe au nenosiri si sahihi",
  usePasskey: "Tumia Passkey",
  waitingForPasskey: "Inasubiri passkey yako...",
  enterAppCode:
    "Weka msimbo wa tarakimu 6 kutoka programu yako ya uthibitishaji, au mojawapo ya misimbo yako ya dharura.",
  enterRecoveryCode: "Au weka mojawapo ya misimbo yako ya dharura.",
  authenticationCode: "Msimbo wa uthibitishaji",
  checking: "Inakagua...",
  verifyAndSignIn: "Thibitisha na Uingie",
  resetHint: "Tunatuma kiungo cha kubadilisha nenosiri kwa anwani hii ikiwa ina akaunti.",
  sendResetLink: "Tuma kiungo",
  sending: "Inatuma...",
  backToSignIn: "Rudi kwenye kuingia",
  resetFailed: "Imeshindwa kutuma kiungo",
  registerValuer: "Fungua Akaunti ya Mthamini",
  registerLender: "Fungua Akaunti ya Mkopeshaji",
  registerValuerDescription: "Sajili kampuni yako ya tathmini ili uanze kutengeneza misimbo ya uthibitisho",
  registerLenderDescription: "Sajili taasisi yako ili kurekodi utegemezi wa tathmini na kuarifiwa zinapobadilika",
  checkEmailTitle: "Angalia Barua Pepe Yako",
  checkEmailDescription: "Hatua moja zaidi ya kuthibitisha anwani yako.",
  whatDoYouDo: "Taasisi yako inafanya nini?",
  issueTitle: "Ninatoa tathmini",
  issueText: "Kampuni ya tathmini: misimbo ya uthibitisho kwenye ripoti zake",
  relyTitle: "Ninategemea tathmini",
  relyText: "Benki, SACCO au taasisi ya mikopo midogo",
  kindOfLender: "Aina ya Mkopeshaji",
  choose: "Chagua…",
  lenderTypes: { bank: "Benki", sacco: "SACCO", microfinance: "Taasisi ya mikopo midogo" },
  firstName: "Jina la Kwanza",
  lastName: "Jina la Mwisho",
  organisation: { issuer: "Kampuni", lender: "Taasisi" },
  nameOf: (organisation) => `Jina la ${organisation}`,
  emailOf: (organisation) => `Barua Pepe ya ${organisation}`,
  phoneOf: (organisation) => `Simu ya ${organisation}`,
  locationOf: (organisation) => `Mahali ${organisation} Ilipo`,
  confirmPassword: "Thibitisha Nenosiri",
  createAccount: "Fungua Akaunti",
  creatingAccount: "Inafungua Akaunti...",
  haveAccount: "Una akaunti tayari?",
  signInLink: "Ingia",
  registrationSuccessful: "Usajili Umekamilika",
  checkYourEmail: "Angalia barua pepe yako ili kuthibitisha anwani yako.",
  registrationFailed: "Usajili Umeshindwa",
  registrationFailedGeneric: "Imeshindwa kufungua akaunti. Tafadhali jaribu tena.",
  sentTo: (email) => `Tumetuma kiungo cha uthibitisho kwa ${email}.`,
  afterLender:
    "Fuata kiungo kilicho kwenye barua pepe ili kuithibitisha; kinakurudisha hapa kuingia. ValuSeal inathibitisha taasisi yako kabla ya kurekodi utegemezi.",
  afterIssuer:
    "Unaweza kuingia sasa; kutoa misimbo, kualika timu yako na hatua nyingine zinazofanywa kwa jina la kampuni yako zinafunguka barua pepe yako ikishathibitishwa.",
  errorSummary: { title: "Kuna tatizo", lead: "Kagua sehemu hizi:" },
  fieldError: (message) => {
    const known = SWAHILI_ERRORS[message];
    if (known) return known;
    const atMost = /^Must be at most (\d+) characters$/.exec(message);
    if (atMost) return `Isizidi herufi ${atMost[1]}`;
    const atLeast = /^Password must be at least (\d+) characters$/.exec(message);
    if (atLeast) return `Nenosiri liwe na angalau herufi ${atLeast[1]}`;
    return message;
  },
};

export const AUTH_TEXTS: Record<Language, AuthTexts> = { en, sw };

/** A form field's message in the reader's language, or nothing when the field is fine. */
export const say = (texts: AuthTexts, message: string | undefined) =>
  message === undefined ? undefined : texts.fieldError(message);
