import type { CertificateHeadline } from "#schema/certificate-verdict.ts";
import type { Language } from "#schema/language.ts";
import type { IssuerTrust } from "#schema/limits/codes.ts";
import type { ValuerCheckResult, ValuerRegisterCheck } from "#schema/valuer-register.ts";

/**
 * The headline of each verdict in each language the public pages speak: the words every surface
 * shows (the scanned page, the check page, /qr-view, the detail page), so no screen can say
 * something else. A suspension names its date when it is known (`suspendedOn`, already formatted).
 */
const HEADLINES: Record<Language, Record<CertificateHeadline, (suspendedOn: string | null) => string>> = {
  en: {
    "verified-authentic": () => "Verified Authentic",
    expired: () => "Expired",
    revoked: () => "Revoked",
    superseded: () => "Superseded",
    sample: () => "Sample",
    "issuer-suspended": (on) => `Issuer suspended by ValuSeal${on ? ` on ${on}` : ""}`,
    "issuer-before-verification": () => "Issued before ValuSeal verified this firm",
    "issuer-other-identity": () => "Issued under a name ValuSeal has not verified",
    "issuer-not-verified": () => "Issuer not verified by ValuSeal",
    "valuer-unconfirmed": () => "Valuer's registration not confirmed",
  },
  sw: {
    "verified-authentic": () => "Imethibitishwa kuwa Halali",
    expired: () => "Muda wake umekwisha",
    revoked: () => "Imebatilishwa",
    superseded: () => "Imebadilishwa",
    sample: () => "Sampuli",
    "issuer-suspended": (on) => `Mtoaji amesimamishwa na ValuSeal${on ? ` tarehe ${on}` : ""}`,
    "issuer-before-verification": () => "Imetolewa kabla ValuSeal haijathibitisha kampuni hii",
    "issuer-other-identity": () => "Imetolewa kwa jina ambalo ValuSeal haijalithibitisha",
    "issuer-not-verified": () => "Mtoaji hajathibitishwa na ValuSeal",
    "valuer-unconfirmed": () => "Usajili wa mthamini haujathibitishwa",
  },
};

export const verdictHeadline = (language: Language, headline: CertificateHeadline, suspendedOn: string | null = null) =>
  HEADLINES[language][headline](suspendedOn);

/**
 * One line under the headline saying exactly what the page proves and what the reader should do.
 * "Verified Authentic" is the product's badge, but a forged paper carrying a genuine code shows the
 * same page: what is proven is the record, so the line sends the reader to compare their copy.
 */
const MEANINGS: Record<Language, Record<CertificateHeadline, string>> = {
  en: {
    "verified-authentic": "Genuine record from a verified firm — check that your copy matches",
    expired: "Genuine record, but the valuation has expired — ask the valuer for an updated report",
    revoked: "Withdrawn by the issuer — do not rely on this valuation",
    superseded: "Replaced by a newer valuation — do not rely on this one",
    sample: "For demonstration only — not a real valuation",
    "issuer-suspended": "ValuSeal no longer vouches for this firm — confirm with the firm before relying on it",
    "issuer-before-verification":
      "ValuSeal has not confirmed this code's issuer — confirm with the firm before relying on it",
    "issuer-other-identity":
      "ValuSeal has not confirmed this code's issuer — confirm with the firm before relying on it",
    "issuer-not-verified":
      "ValuSeal has not confirmed who issued this code — confirm with the firm before relying on it",
    "valuer-unconfirmed":
      "The register did not confirm the signing valuer when this code was issued — confirm with the firm before relying on it",
  },
  sw: {
    "verified-authentic": "Rekodi halali kutoka kampuni iliyothibitishwa — hakikisha nakala yako inalingana nayo",
    expired: "Rekodi halali, lakini muda wa tathmini umekwisha — muombe mthamini ripoti iliyosasishwa",
    revoked: "Mtoaji ameiondoa tathmini hii — usiitegemee",
    superseded: "Imebadilishwa na tathmini mpya zaidi — usiitegemee hii",
    sample: "Kwa maonyesho tu — si tathmini halisi",
    "issuer-suspended": "ValuSeal haiidhinishi tena kampuni hii — thibitisha na kampuni kabla ya kuitegemea",
    "issuer-before-verification":
      "ValuSeal haijathibitisha mtoaji wa msimbo huu — thibitisha na kampuni kabla ya kuitegemea",
    "issuer-other-identity":
      "ValuSeal haijathibitisha mtoaji wa msimbo huu — thibitisha na kampuni kabla ya kuitegemea",
    "issuer-not-verified": "ValuSeal haijathibitisha aliyetoa msimbo huu — thibitisha na kampuni kabla ya kuitegemea",
    "valuer-unconfirmed":
      "Rejista haikuthibitisha mthamini aliyetia sahihi msimbo huu ulipotolewa — thibitisha na kampuni kabla ya kuitegemea",
  },
};

export const verdictMeaning = (language: Language, headline: CertificateHeadline) => MEANINGS[language][headline];

/**
 * Whether ValuSeal vouches for the issuer, said beside the issuer's name in the certificate's
 * summary. Dates arrive formatted in the page's language.
 */
const STANDINGS: Record<Language, Record<IssuerTrust, (on: string | null) => string>> = {
  en: {
    verified: (on) => `Verified by ValuSeal${on ? ` on ${on}` : ""}`,
    "not-verified": () => "Not verified by ValuSeal",
    "before-verification": () => "Verified by ValuSeal only after this code was issued",
    "other-identity": () => "Not the identity ValuSeal verified",
    suspended: (on) => `Suspended by ValuSeal${on ? ` on ${on}` : ""}`,
  },
  sw: {
    verified: (on) => `Imethibitishwa na ValuSeal${on ? ` tarehe ${on}` : ""}`,
    "not-verified": () => "Haijathibitishwa na ValuSeal",
    "before-verification": () => "Ilithibitishwa na ValuSeal baada ya msimbo huu kutolewa",
    "other-identity": () => "Si utambulisho ambao ValuSeal ilithibitisha",
    suspended: (on) => `Imesimamishwa na ValuSeal${on ? ` tarehe ${on}` : ""}`,
  },
};

/** `on` is the verification date for a verified issuer, the suspension date for a suspended one. */
export const issuerStanding = (language: Language, trust: IssuerTrust, on: string | null) =>
  STANDINGS[language][trust](on);

/**
 * Said beside the verdict once the issuer's account has closed (`on`, already formatted): the
 * record is as issued, but nobody at the firm can withdraw or replace it any more.
 */
const CLOSED_NOTICES: Record<Language, (on: string) => string> = {
  en: (on) => `Issuer account closed on ${on}`,
  sw: (on) => `Akaunti ya mtoaji ilifungwa tarehe ${on}`,
};

export const issuerClosedNotice = (language: Language, on: string) => CLOSED_NOTICES[language](on);

/** A register check's days, already formatted in the page's language. */
interface CheckDays {
  published: string | null;
  reviewed: string | null;
  validUntil: string | null;
  checked: string;
}

type RegisterLine = (check: ValuerRegisterCheck, days: CheckDays) => string;

/**
 * The certificate's line on the signing valuer's registration, as checked on the day of issue
 * (decision 062): which register, its publication (or the practising certificate ValuSeal
 * reviewed), and the result.
 */
const REGISTER_LINES: Record<
  Language,
  {
    /** A published list's check lapses as "stale", never "expired". */
    list: Record<Exclude<ValuerCheckResult, "expired">, RegisterLine>;
    /** A practising certificate ValuSeal accepted is matched, or expired once past its valid-until day. */
    manual: Record<"matched" | "expired", RegisterLine>;
    notChecked: string;
  }
> = {
  en: {
    list: {
      matched: (c, d) =>
        `Registration ${c.registrationNumber} appeared on the ${c.body} register published ${d.published} (checked ${d.checked})`,
      "name-differs": (c, d) =>
        `The ${c.body} register published ${d.published} lists registration ${c.registrationNumber} under another name (checked ${d.checked})`,
      "not-found": (c, d) =>
        `Registration ${c.registrationNumber} did not appear on the ${c.body} register published ${d.published} (checked ${d.checked})`,
      removed: (c, d) =>
        `Registration ${c.registrationNumber} had been removed from the ${c.body} register published ${d.published} (checked ${d.checked})`,
      suspended: (c, d) =>
        `Registration ${c.registrationNumber} was suspended on the ${c.body} register published ${d.published} (checked ${d.checked})`,
      stale: (c, d) =>
        `Registration ${c.registrationNumber} was last checked against the ${c.body} register published ${d.published}, over a year before this report (checked ${d.checked})`,
    },
    manual: {
      matched: (c, d) =>
        `Registration ${c.registrationNumber}: practising certificate from the ${c.body}, valid until ${d.validUntil}, reviewed by ValuSeal on ${d.reviewed} (checked ${d.checked})`,
      expired: (c, d) =>
        `Registration ${c.registrationNumber}: the practising certificate ValuSeal reviewed expired on ${d.validUntil} (checked ${d.checked})`,
    },
    notChecked: "Registration not checked by ValuSeal",
  },
  sw: {
    list: {
      matched: (c, d) =>
        `Usajili ${c.registrationNumber} ulionekana kwenye rejista ya ${c.body} iliyochapishwa ${d.published} (iliangaliwa ${d.checked})`,
      "name-differs": (c, d) =>
        `Rejista ya ${c.body} iliyochapishwa ${d.published} inaorodhesha usajili ${c.registrationNumber} kwa jina jingine (iliangaliwa ${d.checked})`,
      "not-found": (c, d) =>
        `Usajili ${c.registrationNumber} haukuonekana kwenye rejista ya ${c.body} iliyochapishwa ${d.published} (iliangaliwa ${d.checked})`,
      removed: (c, d) =>
        `Usajili ${c.registrationNumber} ulikuwa umeondolewa kwenye rejista ya ${c.body} iliyochapishwa ${d.published} (iliangaliwa ${d.checked})`,
      suspended: (c, d) =>
        `Usajili ${c.registrationNumber} ulikuwa umesimamishwa kwenye rejista ya ${c.body} iliyochapishwa ${d.published} (iliangaliwa ${d.checked})`,
      stale: (c, d) =>
        `Usajili ${c.registrationNumber} uliangaliwa mara ya mwisho kwenye rejista ya ${c.body} iliyochapishwa ${d.published}, zaidi ya mwaka mmoja kabla ya ripoti hii (iliangaliwa ${d.checked})`,
    },
    manual: {
      matched: (c, d) =>
        `Usajili ${c.registrationNumber}: cheti cha kufanya kazi kutoka ${c.body}, halali hadi ${d.validUntil}, kilikaguliwa na ValuSeal tarehe ${d.reviewed} (iliangaliwa ${d.checked})`,
      expired: (c, d) =>
        `Usajili ${c.registrationNumber}: cheti cha kufanya kazi kilichokaguliwa na ValuSeal kiliisha muda tarehe ${d.validUntil} (iliangaliwa ${d.checked})`,
    },
    notChecked: "Usajili haujaangaliwa na ValuSeal",
  },
};

/** The register line of a certificate, `check` as frozen at issue (null: not checked), days written by `date`. */
export function valuerRegisterLine(
  language: Language,
  check: ValuerRegisterCheck | null,
  date: (isoDay: string) => string,
): string {
  const lines = REGISTER_LINES[language];
  if (!check) return lines.notChecked;
  const day = (value: string | null) => (value === null ? null : date(value));
  const days = {
    published: day(check.publishedOn),
    reviewed: day(check.reviewedOn),
    validUntil: day(check.validUntil),
    checked: date(check.checkedOn),
  };
  if (check.kind === "manual-evidence")
    return lines.manual[check.result === "expired" ? "expired" : "matched"](check, days);
  return lines.list[check.result === "expired" ? "stale" : check.result](check, days);
}
