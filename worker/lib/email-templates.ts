import { COMPANY_SETTINGS_PATHS } from "#schema/app-paths.ts";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { formatDate } from "#schema/format-date.ts";
import type { LetterDecision, WatchNoticeKind } from "#schema/limits/lenders.ts";
import type { OrganisationKind } from "#schema/limits/companies.ts";
import { LOCALES, type Language } from "#schema/language.ts";
import { BILLING_PATH } from "#schema/app-paths.ts";
import { formatMinorUnits } from "#schema/money.ts";
import type { ReceiptDocument } from "#schema/responses/billing.ts";

/**
 * Every transactional email: a queue message describes what happened, and the consumer renders it
 * here with PUBLIC_ORIGIN, since the consumer has no request to take an origin from. Each email has
 * a plain-text and an HTML part carrying the same words: the product name, what happened, the link
 * and when it expires, and what to do if it was not you.
 */
export type EmailMessage =
  | { kind: "confirm-email"; to: string; token: string; next?: string }
  | { kind: "change-email"; to: string; token: string; scope: EmailScope }
  | { kind: "email-change-requested"; to: string; newEmail: string; scope: EmailScope }
  | { kind: "change-email-taken"; to: string; scope: EmailScope }
  | { kind: "password-reset"; to: string; token: string }
  | { kind: "account-exists"; to: string }
  | { kind: "recovery-cleanup"; to: string; companyName: string | null; removed: RecoveryRemovals }
  | ApiKeyCreated
  | { kind: "second-factor-changed"; to: string; change: "added" | "removed"; factor: string }
  | { kind: "second-factor-reset"; to: string }
  | { kind: "invite"; to: string; token: string; companyName: string; inviterName: string; expiresAt: string }
  | { kind: "invite-has-account"; to: string; companyName: string; inviterName: string }
  | { kind: "scan-alert"; to: string; companyName: string; scan: ScanSummary }
  | ScanAlertDigest
  | { kind: "scan-digest"; to: string; companyName: string; day: string; scans: ScanSummary[]; total: number }
  | { kind: "webhook-disabled"; to: string; companyName: string; url: string }
  | { kind: "credits-changed"; to: string; companyName: string; credits: number; reason: string; balance: number }
  | { kind: "credits-low"; to: string; companyName: string; balance: number }
  /** An account's deletion or an organisation's closure was asked for; `on` is the day it happens (formatted). */
  | { kind: "account-deletion-scheduled"; to: string; on: string }
  | { kind: "closure-scheduled"; to: string; companyName: string; on: string; isOwner: boolean }
  | {
      kind: "valuer-deregistered";
      to: string;
      companyName: string;
      valuerName: string;
      registrationNumber: string;
      result: "removed" | "suspended";
      register: string;
      publishedOn: string;
    }
  | {
      kind: "practising-certificate-reviewed";
      to: string;
      companyName: string;
      valuerName: string;
      decision: "accepted" | "rejected";
      validUntil: string | null;
      reason: string | null;
    }
  | { kind: "practising-certificate-reminder"; to: string; companyName: string; valuers: string[]; expiresOn: string }
  | { kind: "receipt"; to: string; companyName: string; receiptId: string; receipt: ReceiptDocument }
  | { kind: "record-disagrees"; to: string; subject: string; problem: string }
  | { kind: "operator-alert"; to: string; problems: { kind: string; detail: string }[] }
  | VerificationDecided
  | {
      kind: "code-confirmation-requested";
      to: string;
      companyName: string;
      companyId: number;
      verificationCode: string;
      requestedBy: string;
    }
  | { kind: "webhook-address-changed"; to: string; companyName: string; from: string; url: string }
  | WatchNotice
  | {
      kind: "reliance-duplicate";
      to: string;
      companyName: string;
      codeId: number;
      code: WatchedCodeSummary;
      institutions: number;
    }
  | { kind: "letter-requested"; to: string; lenderName: string; codeId: number; code: WatchedCodeSummary }
  | LetterDecided;

/**
 * ValuSeal's decision on a firm's identity, told to its owner with what it means for the codes the
 * firm already issued: `earlierCodes` counts those under the verified details that still do not
 * read "Verified Authentic" after the decision.
 */
export interface VerificationDecided {
  kind: "verification-decided";
  to: string;
  companyName: string;
  /** A lender's verification opens its reliance screens; a firm's turns its certificates green. */
  organisationKind: OrganisationKind;
  decision: "verified" | "refused" | "withdrawn";
  note: string | null;
  earlierCodes: number;
}

/** A code as the emails to lenders and firms about reliance name it. */
export interface WatchedCodeSummary {
  verificationCode: string | null;
  address: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  reason: string | null;
  /** The verification code of the code that replaces it. */
  replacement: string | null;
  /** The certificate's headline now ("Issuer not verified by ValuSeal"), where the email says it. */
  certificateSays?: string;
  /** The signing valuer as the certificate names them ("Grace Wanjiru, VRB/V/1182"), where the email says it. */
  valuer?: string | null;
}

/** " Its certificate now says “…”." after a code's line, when the email knows it. */
const nowSays = (code: WatchedCodeSummary, language: Language = "en") =>
  code.certificateSays
    ? language === "sw"
      ? ` Cheti chake sasa kinasema “${code.certificateSays}”.`
      : ` Its certificate now says “${code.certificateSays}”.`
    : "";

/** A change to codes a lender watches, told to each of its users: one email per kind and issuer. */
interface WatchNotice {
  kind: "watch-notice";
  to: string;
  /** The recipient's language (users.language): a lender's emails speak it. */
  language?: Language;
  lenderName: string;
  change: WatchNoticeKind;
  issuerName: string;
  codes: WatchedCodeSummary[];
}

/** The issuer's answer to a lender's request for a reliance letter, told to the lender's users. */
interface LetterDecided {
  kind: "letter-decided";
  to: string;
  /** The recipient's language (users.language). */
  language?: Language;
  issuerName: string;
  code: WatchedCodeSummary;
  decision: LetterDecision;
  /** YYYY-MM-DD, for a granted letter. */
  relianceUntil: string | null;
  reason: string | null;
}

/**
 * A new API key, told to the owner who made it: a key outlives sessions and password changes, so a
 * key someone else made with a stolen session must not go unnoticed.
 */
interface ApiKeyCreated {
  kind: "api-key-created";
  to: string;
  companyName: string;
  keyName: string;
  scopes: string[];
  /** ISO; null when it does not expire. */
  expiresAt: string | null;
  /** The browser and coarse place of the session that made it. */
  madeFrom: string;
}

/** What a password reset ended: what was added since the user last proved more than the password. */
export interface RecoveryRemovals {
  members: string[];
  invites: string[];
  webhookUrls: string[];
  /** The names of the API keys revoked. */
  apiKeys: string[];
  /** "authenticator app", "passkey “Laptop”". */
  secondFactors: string[];
}

/**
 * A code scanned more often in one hour (UTC) than it gets alert emails for: the scans past the
 * first `emailed`, in one email at the end of the hour (worker/services/scans/scan-alert-emails.ts).
 */
export interface ScanAlertDigest {
  kind: "scan-alert-digest";
  to: string;
  companyName: string;
  codeId: number;
  codeLabel: string;
  /** The scans that had no email of their own. */
  more: number;
  /** How many of the hour's scans had an email of their own. */
  emailed: number;
  /** ISO start of the hour. */
  hour: string;
}

/** Whose email changes: the user's own sign-in address, or the company's contact address. */
export type EmailScope = { kind: "account" } | { kind: "company"; companyName: string };

export interface ScanSummary {
  /** ISO timestamp of the scan. */
  at: string;
  codeLabel: string;
  /** The code's page in the workspace. */
  codeId: number;
  place: string | null;
  device: string;
}

interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = "ValuSeal";
export const CONFIRM_EMAIL_HOURS = 24;
export const PASSWORD_RESET_HOURS = 1;

interface Body {
  /** The language it is written in; English unless the recipient chose another. */
  language?: Language;
  subject: string;
  /** Paragraphs, in order. */
  lines: string[];
  action?: { label: string; url: string; expires?: string };
  notYou: string;
}

const when = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const formatWhen = (iso: string) => when.format(new Date(iso));

function scanLine(scan: ScanSummary): string {
  const place = scan.place ? ` from ${scan.place}` : "";
  return `${formatWhen(scan.at)}: ${scan.codeLabel}, scanned on a ${scan.device}${place}`;
}

/** "VS-7K3M-9Q2P-4H (12 Riverside Drive, Nairobi)": how the reliance emails name a code. */
const codeLine = (code: WatchedCodeSummary, language: Language = "en") =>
  [code.verificationCode, code.address && `(${code.address})`].filter(Boolean).join(" ") ||
  (language === "sw" ? "tathmini" : "a valuation");
const day = (isoDay: string, language: Language = "en") =>
  formatDate(new Date(`${isoDay}T00:00:00Z`), "long", LOCALES[language]);

/** The words every email carries around its own, in each language an email is written in. */
const EMAIL_CHROME: Record<Language, { orOpen: string; tagline: string }> = {
  en: { orOpen: "Or open:", tagline: "verification codes for valuation reports" },
  sw: { orOpen: "Au fungua:", tagline: "misimbo ya uthibitisho wa ripoti za tathmini" },
};

function verificationDecidedBody(message: VerificationDecided, link: (path: string) => string): Body {
  const note = message.note ? [`ValuSeal's note: ${message.note}`] : [];
  if (message.organisationKind === "lender") {
    const verified = message.decision === "verified";
    return {
      subject: verified
        ? `${PRODUCT}: ${message.companyName} is verified`
        : `${PRODUCT}: ${message.companyName} ${message.decision === "refused" ? "could not be verified" : "is no longer verified"}`,
      lines: [
        verified
          ? `ValuSeal verified ${message.companyName}: you can now check valuations, record reliance on them and watch them.`
          : `Until ValuSeal verifies ${message.companyName}, you cannot check valuations, record reliance or watch them. Correct your institution's details in Settings to be checked again.`,
        ...note,
      ],
      action: verified
        ? { label: "Record reliance", url: link("/reliance/new") }
        : { label: "Open Settings", url: link(COMPANY_SETTINGS_PATHS.company) },
      notYou: "You get this email as the owner of the institution's account.",
    };
  }
  const earlier = message.earlierCodes;
  const earlierLine =
    earlier === 0
      ? []
      : [
          `${earlier === 1 ? "1 code" : `${earlier} codes`} your firm issued before this still ${earlier === 1 ? "reads" : "read"} “${verdictHeadline("en", "issuer-before-verification")}”. If your firm issued ${earlier === 1 ? "it" : "them"}, open ${earlier === 1 ? "it" : "each"} in History and choose “Ask ValuSeal to confirm this code”; or issue a new code for the report and mark the old one as replaced.`,
        ];
  switch (message.decision) {
    case "verified":
      return {
        subject: `${PRODUCT}: ${message.companyName} is verified`,
        lines: [
          `ValuSeal checked ${message.companyName}'s legal name, professional registration and company email. Valid codes you issue from now on under exactly these details read “${verdictHeadline("en", "verified-authentic")}”.`,
          ...earlierLine,
          "If you change your firm's name, registration or email, the verification ends and ValuSeal checks the new details.",
          ...note,
        ],
        action: { label: "Open your dashboard", url: link("/dashboard") },
        notYou: "You get this email as the owner of the company.",
      };
    case "refused":
      return {
        subject: `${PRODUCT}: ${message.companyName} could not be verified`,
        lines: [
          `ValuSeal could not verify ${message.companyName}'s registration as it stands. Your certificates keep reading “${verdictHeadline("en", "issuer-not-verified")}”, in amber, until it can.`,
          ...note,
          "Correct your registration in Company Details; ValuSeal checks it again.",
        ],
        action: { label: "Open Company Details", url: link(COMPANY_SETTINGS_PATHS.verification) },
        notYou: "You get this email as the owner of the company.",
      };
    case "withdrawn":
      return {
        subject: `${PRODUCT}: the verification of ${message.companyName} was withdrawn`,
        lines: [
          `Codes you issue from now on read “${verdictHeadline("en", "issuer-not-verified")}”. Codes issued while the verification was in force keep reading “${verdictHeadline("en", "verified-authentic")}”.`,
          ...note,
          "Correct your registration in Company Details to be checked again.",
        ],
        action: { label: "Open Company Details", url: link(COMPANY_SETTINGS_PATHS.verification) },
        notYou: "You get this email as the owner of the company.",
      };
  }
}

/** What happened to the watched codes, one line per code. */
/** A watch notice in Swahili: the same facts, in the words a Kenyan or Tanzanian lender reads. */
function watchNoticeLinesSw(message: WatchNotice): { subject: string; lines: string[] } {
  const { issuerName, codes } = message;
  const several = codes.length > 1;
  const line = (code: WatchedCodeSummary) => codeLine(code, "sw");
  switch (message.change) {
    case "code.revoked":
      return {
        subject: `${PRODUCT}: tathmini unayofuatilia imefutwa`,
        lines: codes.map(
          (code) => `${issuerName} imefuta ${line(code)}${code.reason ? `: ${code.reason}` : ""}. Usiitegemee.`,
        ),
      };
    case "code.superseded":
      return {
        subject: `${PRODUCT}: tathmini unayofuatilia imebadilishwa`,
        lines: codes.map(
          (code) =>
            `${issuerName} imebadilisha ${line(code)} kwa tathmini mpya zaidi${code.replacement ? `, ${code.replacement}` : ""}${code.reason ? ` (${code.reason})` : ""}. Kagua cheti kipya kabla ya kukitegemea.`,
        ),
      };
    case "code.expired":
      return {
        subject: `${PRODUCT}: ${several ? `tathmini ${codes.length} unazofuatilia zimeisha muda` : "tathmini unayofuatilia imeisha muda"}`,
        lines: codes.map((code) => `${line(code)} ya ${issuerName} iliisha muda tarehe ${day(code.validUntil, "sw")}.`),
      };
    case "code.reinstated":
      return {
        subject: `${PRODUCT}: tathmini unayofuatilia imerejeshwa`,
        lines: codes.map(
          (code) =>
            `${issuerName} imerejesha ${line(code)}; cheti chake ni halali tena${code.reason ? ` (${code.reason})` : ""}.${nowSays(code, "sw")}`,
        ),
      };
    case "issuer.suspended":
      return {
        subject: `${PRODUCT}: ${issuerName} imesimamishwa`,
        lines: [
          `ValuSeal imesimamisha ${issuerName}. Vyeti vyake sasa vinasema hivyo badala ya “${verdictHeadline("sw", "verified-authentic")}”. ${several ? `Tathmini ${codes.length} unazofuatilia ni` : "Tathmini moja unayofuatilia ni"} za kampuni hii:`,
          ...codes.map((code) => `${line(code)}.${nowSays(code, "sw")}`),
        ],
      };
    case "valuer.deregistered":
      return {
        subject: `${PRODUCT}: mthamini wa tathmini unayofuatilia hayupo tena kwenye rejista`,
        lines: codes.map(
          (code) =>
            `Rejista mpya ya wathamini haimwonyeshi tena ${code.valuer ?? "mthamini"}, aliyetia sahihi ${line(code)} ya ${issuerName}, kama anayefanya kazi. Cheti hakijabadilika: kinaonyesha ukaguzi uliofanywa kilipotolewa. Thibitisha na kampuni kabla ya kuitegemea.`,
        ),
      };
    case "reliance.duplicate":
      return {
        subject: `${PRODUCT}: taasisi nyingine inategemea tathmini unayoitegemea`,
        lines: codes.map(
          (code) =>
            `Taasisi nyingine imerekodi utegemezi wa ${line(code)} ya ${issuerName}, tathmini unayoitegemea. Ikiwa hukutarajia hili, huenda mali hiyo imewekwa dhamana mara mbili.${nowSays(code, "sw")}`,
        ),
      };
  }
}

function watchNoticeLines(message: WatchNotice): { subject: string; lines: string[] } {
  if (message.language === "sw") return watchNoticeLinesSw(message);
  const { issuerName, codes } = message;
  const several = codes.length > 1;
  switch (message.change) {
    case "code.revoked":
      return {
        subject: `${PRODUCT}: a valuation you watch was revoked`,
        lines: codes.map(
          (code) =>
            `${issuerName} revoked ${codeLine(code)}${code.reason ? `: ${code.reason}` : ""}. Do not rely on it.`,
        ),
      };
    case "code.superseded":
      return {
        subject: `${PRODUCT}: a valuation you watch was replaced`,
        lines: codes.map(
          (code) =>
            `${issuerName} replaced ${codeLine(code)} with a newer valuation${code.replacement ? `, ${code.replacement}` : ""}${code.reason ? ` (${code.reason})` : ""}. Check the new certificate before relying on it.`,
        ),
      };
    case "code.expired":
      return {
        subject: `${PRODUCT}: ${several ? `${codes.length} valuations` : "a valuation"} you watch expired`,
        lines: codes.map((code) => `${codeLine(code)} by ${issuerName} expired on ${day(code.validUntil)}.`),
      };
    case "code.reinstated":
      return {
        subject: `${PRODUCT}: a valuation you watch was reinstated`,
        lines: codes.map(
          (code) =>
            `${issuerName} reinstated ${codeLine(code)}; its certificate stands again${code.reason ? ` (${code.reason})` : ""}.${nowSays(code)}`,
        ),
      };
    case "issuer.suspended":
      return {
        subject: `${PRODUCT}: ${issuerName} was suspended`,
        lines: [
          `ValuSeal suspended ${issuerName}. Its certificates now say so instead of “${verdictHeadline("en", "verified-authentic")}”. ${several ? `${codes.length} valuations` : "A valuation"} you watch ${several ? "are" : "is"} by this firm:`,
          ...codes.map((code) => `${codeLine(code)}.${nowSays(code)}`),
        ],
      };
    case "valuer.deregistered":
      return {
        subject: `${PRODUCT}: the valuer of a valuation you watch is no longer on the register`,
        lines: codes.map(
          (code) =>
            `The latest valuers' register no longer lists ${code.valuer ?? "the valuer"}, who signed ${codeLine(code)} by ${issuerName}, as practising. The certificate is unchanged: it shows the check made when it was issued. Confirm with the firm before relying on it.`,
        ),
      };
    case "reliance.duplicate":
      return {
        subject: `${PRODUCT}: another institution relies on a valuation you rely on`,
        lines: codes.map(
          (code) =>
            `Another institution recorded reliance on ${codeLine(code)} by ${issuerName}, a valuation you rely on. If you did not expect this, the property may be pledged twice.${nowSays(code)}`,
        ),
      };
  }
}

function describe(message: EmailMessage, origin: string): Body {
  const link = (path: string) => `${origin}${path}`;
  switch (message.kind) {
    case "confirm-email":
      return {
        subject: `Confirm your email for ${PRODUCT}`,
        lines: [
          message.next?.startsWith("/reliance/")
            ? `Welcome to ${PRODUCT}. Confirm that ${message.to} is your email address; the link then takes you on to the valuation you were recording reliance on.`
            : `Welcome to ${PRODUCT}. Confirm that ${message.to} is your email address to start issuing codes.`,
        ],
        action: {
          label: "Confirm email",
          url: link(
            `/confirm-email?token=${message.token}${message.next ? `&next=${encodeURIComponent(message.next)}` : ""}`,
          ),
          expires: `This link works once and expires in ${CONFIRM_EMAIL_HOURS} hours.`,
        },
        notYou: "If you did not create a ValuSeal account, ignore this email: nothing happens without the link.",
      };
    case "change-email": {
      const whose = message.scope.kind === "company" ? `${message.scope.companyName}'s contact email` : "your email";
      return {
        subject: `Confirm your new email for ${PRODUCT}`,
        lines: [`Someone asked to change ${whose} on ${PRODUCT} to ${message.to}. Nothing changes until you confirm.`],
        action: {
          label: "Confirm new email",
          url: link(`/confirm-email?token=${message.token}`),
          expires: `This link works once and expires in ${CONFIRM_EMAIL_HOURS} hours.`,
        },
        notYou: "If you did not ask for this, ignore this email: the address stays as it was.",
      };
    }
    case "change-email-taken": {
      const whose =
        message.scope.kind === "company"
          ? `${message.scope.companyName}'s contact email`
          : "the sign-in email of an account";
      return {
        subject: `${PRODUCT}: this address is already in use`,
        lines: [
          `Someone asked to make ${message.to} ${whose} on ${PRODUCT}, but this address already belongs to another ${message.scope.kind === "company" ? "company" : "account"} there, so nothing was changed.`,
          "If you meant to, use another address, or sign in with this one.",
        ],
        notYou: "If this wasn't you, you can ignore this email.",
      };
    }
    case "email-change-requested": {
      const whose = message.scope.kind === "company" ? `${message.scope.companyName}'s contact email` : "your email";
      return {
        subject: `${PRODUCT}: a change of email was requested`,
        lines: [
          `Someone asked to change ${whose} on ${PRODUCT} to ${message.newEmail}.`,
          "The change takes effect only when the new address confirms it.",
        ],
        notYou: "If this wasn't you, sign in and change your password, and tell your company's owner.",
      };
    }
    case "password-reset":
      return {
        subject: `Reset your ${PRODUCT} password`,
        lines: [`Someone asked to reset the password of the ${PRODUCT} account for ${message.to}.`],
        action: {
          label: "Choose a new password",
          url: link(`/reset-password?token=${message.token}`),
          expires: `This link works once and expires in ${PASSWORD_RESET_HOURS} hour. Every signed-in session ends when the password changes.`,
        },
        notYou: "If you did not ask for this, ignore this email: your password stays as it is.",
      };
    case "account-exists":
      return {
        subject: `${PRODUCT}: you already have an account`,
        lines: [
          `Someone asked to create a ${PRODUCT} account for ${message.to}, which already has one, so nothing was created.`,
          "If it was you, sign in with your password, or choose a new one if you have forgotten it.",
        ],
        action: { label: "Sign in", url: link("/?signin=1") },
        notYou: "If it was not you, ignore this email: your account is unchanged.",
      };
    case "recovery-cleanup": {
      const { members, invites, webhookUrls, apiKeys, secondFactors } = message.removed;
      const account = message.companyName ? `${message.to} (${message.companyName})` : message.to;
      return {
        subject: `${PRODUCT}: what we removed when you recovered your account`,
        lines: [
          `The password of ${account} was reset. Whoever knew the old password may have added things since you last proved it was you (a confirmed email, a recovery, or a sign-in with a second factor you have had for a week), so we ended them:`,
          ...(apiKeys.length > 0 ? [`API keys revoked: ${apiKeys.join(", ")}.`] : []),
          ...(secondFactors.length > 0 ? [`Two-step sign-in removed: ${secondFactors.join(", ")}.`] : []),
          ...(members.length > 0 ? [`Team members removed and signed out: ${members.join(", ")}.`] : []),
          ...(invites.length > 0 ? [`Invitations cancelled: ${invites.join(", ")}.`] : []),
          ...(webhookUrls.length > 0 ? [`Webhook endpoints removed: ${webhookUrls.join(", ")}.`] : []),
          "Check the codes in your history and revoke any you did not issue. Then re-create what was yours: API keys and webhooks under Settings → Developers, two-step sign-in under Profile → Security, and invite your team again.",
        ],
        action: { label: "Open settings", url: link(COMPANY_SETTINGS_PATHS.company) },
        notYou:
          "If you did not reset your password, reset it again now: the link on the sign-in screen ends every session.",
      };
    }
    case "second-factor-changed":
      return {
        subject:
          message.change === "added"
            ? `${PRODUCT}: two-step sign-in was added to your account`
            : `${PRODUCT}: two-step sign-in was removed from your account`,
        lines: [
          message.change === "added"
            ? `Your ${message.factor} now signs you in to ${PRODUCT} with your password.`
            : `Your ${message.factor} no longer signs you in to ${PRODUCT}.`,
        ],
        notYou:
          "If this wasn't you, reset your password now from the sign-in screen: recovery removes whatever was added since you last proved it was you.",
        action: { label: "Review your security", url: link("/settings/profile") },
      };
    case "second-factor-reset":
      return {
        subject: `${PRODUCT}: your two-step sign-in was reset`,
        lines: [
          `After reviewing your identity, ${PRODUCT} removed every authenticator app, passkey and recovery code of ${message.to} and signed you out everywhere.`,
          "Sign in with your password and set up two-step sign-in again under Profile → Security.",
        ],
        notYou: "If you did not ask us to reset it, reply to this email at once.",
        action: { label: "Sign in", url: link("/?signin=1") },
      };
    case "api-key-created":
      return {
        subject: `${PRODUCT}: a new API key for ${message.companyName}`,
        lines: [
          `An API key named "${message.keyName}" was made for ${message.companyName} from ${message.madeFrom}.`,
          `It may: ${message.scopes.join(", ")}. ${message.expiresAt ? `It expires on ${formatWhen(message.expiresAt)}.` : "It does not expire."}`,
          "Keys keep working after a password change; they stop only when revoked in Company Details → Developers → API Keys.",
        ],
        action: { label: "See your API keys", url: link(COMPANY_SETTINGS_PATHS.developers) },
        notYou: "If you did not make this key, revoke it now, then change your password.",
      };
    case "record-disagrees":
      return {
        subject: `${PRODUCT}: stored data disagrees with what ValuSeal signed`,
        lines: [
          message.subject === "log"
            ? `The transparency log's head no longer extends the last signed checkpoint: ${message.problem}.`
            : `The stored row of the code with token ${message.subject} disagrees with its last signed record: ${message.problem}.`,
          "Nothing was signed from it: the last signed record stands, and verifiers go by it. Someone may have written to the database directly. Check who has database access, compare the row with the code's signed records (GET /api/public/certificates/<token>/record) and the audit log, and restore the row from the record.",
        ],
        action: { label: "Open System Settings", url: link("/admin/settings") },
        notYou: "You get this email as a ValuSeal administrator.",
      };
    case "operator-alert":
      return {
        subject:
          message.problems.length === 1
            ? `${PRODUCT}: needs attention: ${message.problems[0]!.detail}`.slice(0, 150)
            : `${PRODUCT}: ${message.problems.length} problems need attention`,
        lines: [
          ...message.problems.map((problem) => `${problem.detail}.`),
          "The System health card on the administrators' dashboard shows every check and what waits for a person; docs/operations.md says what to do for each. You are emailed about each kind of problem at most once an hour while it lasts.",
        ],
        action: { label: "Open System health", url: link("/admin") },
        notYou: "You get this email as a ValuSeal administrator.",
      };
    case "verification-decided":
      return verificationDecidedBody(message, link);
    case "code-confirmation-requested":
      return {
        subject: `${PRODUCT}: ${message.companyName} asks ValuSeal to confirm a code`,
        lines: [
          `${message.requestedBy} of ${message.companyName} asks ValuSeal to confirm ${message.verificationCode}, a code the firm issued before ValuSeal verified it. Until it is confirmed, its certificate reads “${verdictHeadline("en", "issuer-before-verification")}”.`,
          "Check that the firm issued it (the report, the valuer, the firm's own records), then open the firm in Companies and choose “Confirm earlier codes”, which confirms every code issued under the verified details.",
        ],
        action: { label: "Open the firm", url: link("/admin/companies") },
        notYou: "You get this email as a ValuSeal administrator.",
      };
    case "credits-changed": {
      const count = Math.abs(message.credits);
      const credits = `${count} code credit${count === 1 ? "" : "s"}`;
      return {
        subject:
          message.credits > 0
            ? `${PRODUCT}: ${credits} added for ${message.companyName}`
            : `${PRODUCT}: ${credits} taken back from ${message.companyName}`,
        lines: [
          message.credits > 0
            ? `ValuSeal added ${credits} to ${message.companyName}: ${message.reason}`
            : `ValuSeal took back ${credits} from ${message.companyName}: ${message.reason}`,
          `Your balance is now ${message.balance} credit${message.balance === 1 ? "" : "s"}: one pays for one code.`,
        ],
        action: { label: "Open your dashboard", url: link("/dashboard") },
        notYou: "You get this email as the owner of the company.",
      };
    }
    case "valuer-deregistered":
      return {
        subject: `${PRODUCT}: ${message.valuerName} is ${message.result === "removed" ? "no longer on" : "suspended on"} the register`,
        lines: [
          `The ${message.register} register published ${day(message.publishedOn)} ${message.result === "removed" ? "no longer lists" : "lists as suspended"} ${message.valuerName} (registration ${message.registrationNumber}).`,
          `Codes issued from now on with ${message.valuerName} as the signing valuer will read “${verdictHeadline("en", "valuer-unconfirmed")}”. Certificates issued earlier are unchanged, but lenders watching the valuer's unexpired codes have been told.`,
          "If the register is wrong, ask the board to correct it; if the valuer has renewed since, upload their current practising certificate on the Valuers screen.",
        ],
        action: { label: "Open Valuers", url: link("/valuers") },
        notYou: "You get this email as the owner of the company.",
      };
    case "practising-certificate-reviewed":
      return message.decision === "accepted"
        ? {
            subject: `${PRODUCT}: ${message.valuerName}'s practising certificate was accepted`,
            lines: [
              `ValuSeal reviewed the practising certificate you uploaded for ${message.valuerName} and accepted it, valid until ${day(message.validUntil!)}.`,
              "Certificates of codes this valuer signs from now on say so, until that day.",
            ],
            action: { label: "Open Valuers", url: link("/valuers") },
            notYou: "You get this email as the owner of the company.",
          }
        : {
            subject: `${PRODUCT}: ${message.valuerName}'s practising certificate was not accepted`,
            lines: [
              `ValuSeal reviewed the practising certificate you uploaded for ${message.valuerName} and could not accept it: ${message.reason}`,
              "Upload a clear copy of the current certificate on the Valuers screen.",
            ],
            action: { label: "Open Valuers", url: link("/valuers") },
            notYou: "You get this email as the owner of the company.",
          };
    case "practising-certificate-reminder":
      return {
        subject: `${PRODUCT}: practising certificates expire on ${day(message.expiresOn)}`,
        lines: [
          `The practising certificates ValuSeal holds for ${message.valuers.join(", ")} expire on ${day(message.expiresOn)}.`,
          "Upload each valuer's certificate for the new year on the Valuers screen once the board issues it. From that day, codes those valuers sign read “" +
            verdictHeadline("en", "valuer-unconfirmed") +
            "” until ValuSeal has reviewed a current one.",
        ],
        action: { label: "Open Valuers", url: link("/valuers") },
        notYou: "You get this email as the owner of the company.",
      };
    case "account-deletion-scheduled":
      return {
        subject: `${PRODUCT}: your account will be deleted on ${message.on}`,
        lines: [
          `You asked to delete your ${PRODUCT} account. On ${message.on} your name, email and sign-in details are erased and you are signed out everywhere.`,
          "Codes you issued stay verifiable: they belong to your firm's signed records, not to your account.",
          "Changed your mind? Sign in before then and choose Undo.",
        ],
        action: { label: "Open Profile Settings", url: link("/settings/profile") },
        notYou: `If you did not ask for this, sign in, choose Undo and change your password.`,
      };
    case "closure-scheduled":
      return {
        subject: `${PRODUCT}: ${message.companyName} will be closed on ${message.on}`,
        lines: [
          `${message.companyName}'s ${PRODUCT} account closes on ${message.on}. Then everyone's access ends, API keys and webhooks are revoked, and the team's personal data is erased.`,
          "Codes already issued stay verifiable, and their certificates say when the account closed. The ledger and receipts are kept for the tax-record period.",
          message.isOwner
            ? "Changed your mind? Sign in before then and choose Undo. Download all data first from Company Details → Data if you need a copy."
            : "Only the owner can undo this. Download your own data from Profile Settings before then if you need a copy.",
        ],
        action: { label: "Open ValuSeal", url: link(message.isOwner ? "/settings/company/data" : "/settings/profile") },
        notYou: message.isOwner
          ? "If you did not ask for this, sign in, choose Undo and change your password."
          : "You get this email as a member of the organisation.",
      };
    case "credits-low":
      return {
        subject:
          message.balance === 0
            ? `${PRODUCT}: ${message.companyName} has no code credits left`
            : `${PRODUCT}: ${message.companyName} has ${message.balance} code credit${message.balance === 1 ? "" : "s"} left`,
        lines: [
          message.balance === 0
            ? "Your firm has used its last credit: a new code cannot be generated until you buy more."
            : `Your firm has ${message.balance} credit${message.balance === 1 ? "" : "s"} left: one pays for one code. Buy more before a report waits for its code.`,
        ],
        action: { label: "Buy credits", url: link(BILLING_PATH) },
        notYou: "You get this email as the owner of the company.",
      };
    case "receipt": {
      const { receipt } = message;
      return {
        subject: `${PRODUCT}: receipt ${receipt.number} for ${receipt.description}`,
        lines: [
          `Thank you: ${receipt.description} were added to ${message.companyName}.`,
          `Receipt ${receipt.number}, attached as a PDF: ${formatMinorUnits(receipt.totalMinor, receipt.currency)} paid, VAT ${formatMinorUnits(receipt.vatMinor, receipt.currency)} included. It is also in Billing.`,
        ],
        action: { label: "Open Billing", url: link(BILLING_PATH) },
        notYou: "You get this email as the owner of the company.",
      };
    }
    case "webhook-disabled":
      return {
        subject: `${PRODUCT}: a webhook of ${message.companyName} was turned off`,
        lines: [
          `Deliveries to ${message.url} have failed for a day, so we turned that webhook endpoint off and stopped sending to it.`,
          "Events from now on are not sent there. When the receiver works again, turn the endpoint back on from its page in Company Details → Developers; its delivery log shows what failed, and Resend sends an event again.",
        ],
        action: { label: "See your webhooks", url: link(COMPANY_SETTINGS_PATHS.developers) },
        notYou: "You get this email as the owner of the company.",
      };
    case "webhook-address-changed":
      return {
        subject: `${PRODUCT}: a webhook of ${message.companyName} now sends to a new address`,
        lines: [
          `A webhook endpoint of ${message.companyName} that sent events to ${message.from} now sends them to ${message.url}.`,
          "Events from before the change are not resent to the new address. The change is in the audit log.",
        ],
        action: { label: "See your webhooks", url: link(COMPANY_SETTINGS_PATHS.developers) },
        notYou:
          "If you did not change it, change it back in Company Details → Developers, revoke API keys you do not recognise, and change your password.",
      };
    case "invite":
      return {
        // No text the inviter chose goes in the subject: an invitation cannot be turned into a lure.
        subject: `You are invited to join a team on ${PRODUCT}`,
        lines: [
          `${message.inviterName} invited you to join ${message.companyName} on ${PRODUCT}, where valuation firms issue verification codes for their reports.`,
        ],
        action: {
          label: "Accept the invitation",
          url: link(`/invite/${message.token}`),
          expires: `This link works once and expires on ${formatWhen(message.expiresAt)}.`,
        },
        notYou: "If you don't know this company, ignore this email: no account is created without the link.",
      };
    case "invite-has-account":
      return {
        subject: `You are invited to join a team on ${PRODUCT}`,
        lines: [
          `${message.inviterName} invited ${message.to} to join ${message.companyName} on ${PRODUCT}.`,
          `This address already has a ${PRODUCT} account, and an account belongs to one company, so the invitation cannot be accepted with it. Ask ${message.inviterName} to invite another address, or leave your current company first.`,
        ],
        notYou: "If you don't know this company, ignore this email: nothing changes.",
      };
    case "scan-alert":
      return {
        subject: `${PRODUCT}: a code of ${message.companyName} was scanned`,
        lines: [scanLine(message.scan)],
        action: { label: "See the scan log", url: link(`/qr/${message.scan.codeId}`) },
        notYou:
          "You get this because your company sends scan alerts by email; the owner can change that in Company Details.",
      };
    case "scan-alert-digest": {
      const more = `${message.more} more ${message.more === 1 ? "scan" : "scans"}`;
      return {
        subject: `${PRODUCT}: ${more} of ${message.codeLabel} in the last hour`,
        lines: [
          `${more} of ${message.codeLabel}, a code of ${message.companyName}, in the hour from ${formatWhen(message.hour)}.`,
          `You got an email for each of the first ${message.emailed} scans of this code in that hour; the scans after them are counted here, in one email. The scan log lists every scan.`,
        ],
        action: { label: "See the scan log", url: link(`/qr/${message.codeId}`) },
        notYou:
          "You get this because your company sends scan alerts by email; the owner can change that in Company Details.",
      };
    }
    case "scan-digest":
      return {
        subject: `${PRODUCT}: ${message.total} ${message.total === 1 ? "scan" : "scans"} of ${message.companyName}'s codes on ${message.day}`,
        lines: [
          `${message.total} ${message.total === 1 ? "scan" : "scans"} of ${message.companyName}'s codes on ${message.day}:`,
          ...message.scans.map(scanLine),
          ...(message.total > message.scans.length ? [`…and ${message.total - message.scans.length} more.`] : []),
        ],
        action: { label: "Open the dashboard", url: link("/") },
        notYou:
          "You get this daily digest because your company chose it; the owner can change that in Company Details.",
      };
    case "watch-notice":
      return message.language === "sw"
        ? {
            language: "sw",
            ...watchNoticeLines(message),
            action: { label: "Fungua Portfolio", url: link("/portfolio") },
            notYou: `Unapokea barua pepe hii kwa sababu ${message.lenderName} inafuatilia tathmini hizi kwenye ${PRODUCT}.`,
          }
        : {
            ...watchNoticeLines(message),
            action: { label: "Open the Portfolio", url: link("/portfolio") },
            notYou: `You get this because ${message.lenderName} watches these valuations on ${PRODUCT}.`,
          };
    case "reliance-duplicate":
      return {
        subject: `${PRODUCT}: ${message.institutions} institutions rely on one of your valuations`,
        lines: [
          `${message.institutions} institutions have now recorded reliance on ${codeLine(message.code)}, a valuation of ${message.companyName}. Each was told that another institution relies on it.`,
          "If the valuation was prepared for one lender, the property may be pledged twice: check who instructed it.",
        ],
        action: { label: "Open the code", url: link(`/qr/${message.codeId}`) },
        notYou: `You get this as the owner of ${message.companyName} on ${PRODUCT}.`,
      };
    case "letter-requested":
      return {
        subject: `${PRODUCT}: ${message.lenderName} asks for a reliance letter`,
        lines: [
          `${message.lenderName} asks to rely on ${codeLine(message.code)}, which is addressed to another institution. Grant a reliance letter with its own reliance period, or decline it with a reason.`,
        ],
        action: { label: "Answer the request", url: link(`/qr/${message.codeId}`) },
        notYou: `You get this as the owner of the firm that issued the valuation on ${PRODUCT}.`,
      };
    case "letter-decided":
      if (message.language === "sw") {
        return {
          language: "sw",
          subject: `${PRODUCT}: ${message.issuerName} ${message.decision === "granted" ? "imekubali" : "imekataa"} barua yako ya kutegemewa`,
          lines: [
            message.decision === "granted"
              ? `${message.issuerName} imeipa taasisi yako ruhusa ya kutegemea ${codeLine(message.code, "sw")} hadi ${day(message.relianceUntil!, "sw")}. Cheti sasa kinaonyesha hivyo.`
              : `${message.issuerName} imekataa kuipa taasisi yako ruhusa ya kutegemea ${codeLine(message.code, "sw")}${message.reason ? `: ${message.reason}` : ""}.`,
          ],
          action: { label: "Fungua Portfolio", url: link("/portfolio") },
          notYou: `Unapokea barua pepe hii kwa sababu taasisi yako iliomba barua hii kwenye ${PRODUCT}.`,
        };
      }
      return {
        subject: `${PRODUCT}: ${message.issuerName} ${message.decision === "granted" ? "granted" : "declined"} your reliance letter`,
        lines: [
          message.decision === "granted"
            ? `${message.issuerName} extended reliance on ${codeLine(message.code)} to your institution until ${day(message.relianceUntil!)}. The certificate now shows it.`
            : `${message.issuerName} declined to extend reliance on ${codeLine(message.code)}${message.reason ? `: ${message.reason}` : ""}.`,
        ],
        action: { label: "Open the Portfolio", url: link("/portfolio") },
        notYou: `You get this because your institution asked for the letter on ${PRODUCT}.`,
      };
  }
}

function textPart(body: Body): string {
  const parts = [...body.lines];
  if (body.action)
    parts.push(`${body.action.label}: ${body.action.url}`, ...(body.action.expires ? [body.action.expires] : []));
  parts.push(body.notYou, `— ${PRODUCT}, ${EMAIL_CHROME[body.language ?? "en"].tagline}`);
  return `${parts.join("\n\n")}\n`;
}

function htmlPart(body: Body): string {
  const action = body.action
    ? html`<p>
          <a
            href="${body.action.url}"
            style="display:inline-block;padding:10px 18px;background:#0f172a;color:#fff;border-radius:6px;text-decoration:none"
            >${body.action.label}</a
          >
        </p>
        <p style="font-size:13px;color:#475569">${EMAIL_CHROME[body.language ?? "en"].orOpen} ${body.action.url}</p>
        ${body.action.expires ? html`<p style="font-size:13px;color:#475569">${body.action.expires}</p>` : ""}`
    : "";
  const document: HtmlEscapedString | Promise<HtmlEscapedString> = html`<!doctype html>
    <html lang="${body.language ?? "en"}">
      <body style="margin:0;padding:24px;background:#f1f5f9;font:15px/1.5 system-ui,sans-serif;color:#0f172a">
        <div style="max-width:560px;margin:0 auto;background:#fff;border-radius:10px;padding:24px">
          <p style="margin:0 0 16px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#475569">
            ${PRODUCT}
          </p>
          ${body.lines.map((line) => html`<p>${line}</p>`)} ${action}
          <p style="font-size:13px;color:#475569;border-top:1px solid #e2e8f0;padding-top:12px">${body.notYou}</p>
        </div>
      </body>
    </html>`;
  return String(document);
}

export function renderEmail(message: EmailMessage, origin: string): RenderedEmail {
  const body = describe(message, origin);
  return { subject: body.subject, text: textPart(body), html: htmlPart(body) };
}
