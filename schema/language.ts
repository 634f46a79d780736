/**
 * The languages the public verification pages speak (the certificate the Worker renders and the
 * copy-check page's script): English, and Swahili for readers in Kenya and Tanzania. No zod here:
 * the check page's small script loads it.
 */
export const LANGUAGES = ["en", "sw"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Intl locales for dates and numbers: Kenyan Swahili ("15 Aprili 2025"), British English ("15 April 2025"). */
export const LOCALES: Record<Language, string> = { en: "en-GB", sw: "sw-KE" };

/** What each language's switch link says, in that language, so a reader finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", sw: "Kiswahili" };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** "sw", "sw-KE", "SW-tz" → sw; "en-US" → en; a language these pages do not speak → null. */
function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first tag, in the reader's order of preference, that names a language these pages speak; else English. */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return "en";
}

/**
 * An Accept-Language header's tags, most wanted first: q-values respected (ties keep the header's
 * order), q=0 ("not this one") dropped, and the wildcard ignored since it names no language.
 */
export function acceptedTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 30)
    .map((entry, index) => {
      const [tag = "", ...params] = entry.split(";").map((part) => part.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag && tag !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The page's language: `?lang=sw|en` when the reader chose one, else their browser's preference. */
export function chooseLanguage(requested: string | null | undefined, preferred: readonly string[]): Language {
  return isLanguage(requested) ? requested : preferredLanguage(preferred);
}
