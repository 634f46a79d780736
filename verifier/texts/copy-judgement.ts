import type { Language } from "#schema/language.ts";
import type { CertificateVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline, verdictMeaning } from "./verdict";
import type { CopyVerdict } from "#schema/limits/codes.ts";

/**
 * What a copy's verdict says (verifier/judge.ts), in each language the public pages speak: the one
 * set of words the check page, the offline page and `npm run verify` show, so a copy reads the same
 * wherever it is checked. Plain objects, no i18n library: the check page is budgeted.
 */
/** How a copy's pages differ from the sealed version closest to it, in the words a reader needs. */
interface PageChanges {
  /** Pages both have, whose text differs. */
  changed: readonly number[];
  /** Pages of the sealed report the copy lacks. */
  missing: readonly number[];
  /** Pages the copy has beyond the sealed report's last. */
  extra: readonly number[];
}

interface JudgementTexts {
  verdict: Record<CopyVerdict, (version: number | null, sealedOn: string | null, changes: PageChanges) => string>;
  /** Under `pages-differ`: which sealed version the copy was compared with. */
  comparedWith: (version: number) => string;
  /** Under `same-text`: what the file is, and what a text fingerprint cannot see. */
  sameTextBytes: string;
  textOnly: string;
  pageCounts: (sealed: number, copy: number) => string;
  noSealYet: string;
  newerVersion: (version: number) => string;
  /** "page 3", "pages 2 and 7", "pages 2, 5 and 7". */
  pages: (pages: readonly number[]) => string;
  /** The code's own verdict (schema/certificate-verdict.ts) beside the copy's. */
  certificateSays: (headline: string, meaning: string) => string;
}

const joinPages = (one: string, many: string, and: string) => (pages: readonly number[]) =>
  pages.length === 1
    ? `${one} ${pages[0]}`
    : `${many} ${pages.slice(0, -1).join(", ")} ${and} ${pages[pages.length - 1]}`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const en: JudgementTexts = {
  verdict: {
    exact: (version, sealedOn) => `This is the exact sealed report (version ${version}), sealed on ${sealedOn}`,
    "same-text": (version) => `Every page's text matches the sealed report (version ${version})`,
    "pages-differ": (_version, _sealedOn, { changed, missing, extra }) => {
      const pages = en.pages;
      const parts = [
        changed.length > 0 ? `this copy was changed on ${pages(changed)}` : null,
        missing.length > 0 ? `${pages(missing)} ${missing.length === 1 ? "is" : "are"} missing` : null,
        extra.length > 0 ? `${pages(extra)} ${extra.length === 1 ? "is" : "are"} not in the sealed report` : null,
      ].filter((part) => part !== null);
      return `${capitalised(parts.length > 0 ? parts.join("; ") : "this copy differs from the sealed report")} — do not rely on it`;
    },
    "not-sealed-file": () => "This file is not the sealed report of this code — do not rely on it",
  },
  comparedWith: (version) => `Compared with the sealed report's version ${version}, the closest to this copy.`,
  sameTextBytes:
    "The file itself is not the sealed file byte for byte: it was re-saved or printed to PDF, so its bytes differ.",
  textOnly:
    "Only the text of each page was compared, not pictures, drawings or layout: compare the figures with the certificate.",
  pageCounts: (sealed, copy) => `The sealed report has ${sealed} pages; this copy has ${copy}.`,
  noSealYet: "No report has been sealed with this code yet.",
  newerVersion: (version) => `A newer sealed version (version ${version}) exists: ask the firm for it.`,
  pages: joinPages("page", "pages", "and"),
  certificateSays: (headline, meaning) => `The certificate says “${headline}”: ${meaning}.`,
};

const sw: JudgementTexts = {
  verdict: {
    exact: (version, sealedOn) => `Hii ndiyo ripoti halisi iliyotiwa muhuri (toleo ${version}), tarehe ${sealedOn}`,
    "same-text": (version) => `Maandishi ya kila ukurasa yanalingana na ripoti iliyotiwa muhuri (toleo ${version})`,
    "pages-differ": (_version, _sealedOn, { changed, missing, extra }) => {
      const pages = sw.pages;
      const parts = [
        changed.length > 0 ? `nakala hii imebadilishwa kwenye ${pages(changed)}` : null,
        missing.length > 0 ? `${pages(missing)} ${missing.length === 1 ? "haupo" : "hazipo"}` : null,
        extra.length > 0
          ? `${pages(extra)} ${extra.length === 1 ? "haumo" : "hazimo"} kwenye ripoti iliyotiwa muhuri`
          : null,
      ].filter((part) => part !== null);
      return `${capitalised(parts.length > 0 ? parts.join("; ") : "nakala hii inatofautiana na ripoti iliyotiwa muhuri")} — usiitegemee`;
    },
    "not-sealed-file": () => "Faili hii si ripoti iliyotiwa muhuri ya msimbo huu — usiitegemee",
  },
  comparedWith: (version) =>
    `Imelinganishwa na toleo ${version} la ripoti iliyotiwa muhuri, lililo karibu zaidi na nakala hii.`,
  sameTextBytes:
    "Faili yenyewe si ile iliyotiwa muhuri baiti kwa baiti: ilihifadhiwa upya au ilichapishwa kuwa PDF, kwa hiyo baiti zake zinatofautiana.",
  textOnly:
    "Ni maandishi ya kila ukurasa tu yaliyolinganishwa, si picha, michoro wala mpangilio: linganisha takwimu na cheti.",
  pageCounts: (sealed, copy) => `Ripoti iliyotiwa muhuri ina kurasa ${sealed}; nakala hii ina kurasa ${copy}.`,
  noSealYet: "Bado hakuna ripoti iliyotiwa muhuri kwa msimbo huu.",
  newerVersion: (version) => `Kuna toleo jipya zaidi lililotiwa muhuri (toleo la ${version}): liombe kwa kampuni.`,
  pages: joinPages("ukurasa wa", "kurasa za", "na"),
  certificateSays: (headline, meaning) => `Cheti kinasema “${headline}”: ${meaning}.`,
};

const JUDGEMENT_TEXTS: Record<Language, JudgementTexts> = { en, sw };

/**
 * The lines a copy's judgement shows, after its heading and before the certificate's own verdict:
 * the same on every surface. `copyPages` is the number of pages the file has.
 */
export function judgementLines(
  language: Language,
  judgement: {
    verdict: CopyVerdict;
    matchedVersion: number | null;
    matchedPageCount: number | null;
    latestVersion: number | null;
  },
  copyPages: number,
): string[] {
  const t = JUDGEMENT_TEXTS[language];
  const lines: string[] = [];
  if (judgement.verdict === "same-text") lines.push(t.sameTextBytes, t.textOnly);
  if (judgement.verdict === "pages-differ" && judgement.matchedVersion !== null) {
    lines.push(t.comparedWith(judgement.matchedVersion));
  }
  if (
    judgement.matchedPageCount !== null &&
    judgement.matchedPageCount !== copyPages &&
    judgement.verdict !== "not-sealed-file"
  ) {
    lines.push(t.pageCounts(judgement.matchedPageCount, copyPages));
  }
  if (judgement.latestVersion === null) lines.push(t.noSealYet);
  else if (judgement.matchedVersion !== null && judgement.matchedVersion < judgement.latestVersion) {
    lines.push(t.newerVersion(judgement.latestVersion));
  }
  return lines;
}

/**
 * A copy's verdict as its heading says it, in plain words: the version it is, or which of its pages
 * were changed, are missing or were added against the closest sealed version (`copyPages` is the
 * number of pages the file has; `matchedPageCount` that version's).
 */
export function judgementHeading(
  language: Language,
  judgement: {
    verdict: CopyVerdict;
    matchedVersion: number | null;
    matchedPageCount?: number | null;
    differingPages?: readonly number[];
  },
  sealedOn: string | null,
  copyPages: number,
): string {
  const sealedPages = judgement.matchedPageCount ?? copyPages;
  const differing = judgement.differingPages ?? [];
  const changes: PageChanges = {
    changed: differing.filter((page) => page <= Math.min(sealedPages, copyPages)),
    missing: differing.filter((page) => page > copyPages && page <= sealedPages),
    extra: differing.filter((page) => page > sealedPages),
  };
  return JUDGEMENT_TEXTS[language].verdict[judgement.verdict](judgement.matchedVersion, sealedOn, changes);
}

/** The certificate's own verdict, said under a copy's: why a matching copy may still not be green. */
export const certificateLine = (language: Language, certificate: CertificateVerdict) =>
  JUDGEMENT_TEXTS[language].certificateSays(
    verdictHeadline(language, certificate.headline),
    verdictMeaning(language, certificate.headline),
  );
