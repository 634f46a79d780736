import { chooseLanguage, isLanguage, type Language } from "#schema/language.ts";

/**
 * What this device keeps in localStorage between visits: the session's bearer token and the
 * language chosen on the translated screens. Its own module, free of the app's dependencies, so
 * the landing page's inline guard (web/landing-guard.ts) reads them exactly as the app does.
 * A browser that refuses storage (a locked-down profile, some private windows) is signed out and
 * has chosen nothing: public pages still work.
 */
const TOKEN_KEY = "token";
const LANGUAGE_KEY = "valuseal.language";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const tokenStore = {
  get: () => read(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export const languageStore = {
  get: () => read(LANGUAGE_KEY),
  /** Private browsing may refuse storage: the choice then lasts as long as the page. */
  set: (language: string) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Nothing to keep it in.
    }
  },
};

/**
 * The language the translated screens open in: the address's `?lang=` when it names one these
 * screens speak, else the one chosen on this device, else the browser's preference.
 */
export function openingLanguage(search: string): Language {
  const requested = new URLSearchParams(search).get("lang");
  return chooseLanguage(isLanguage(requested) ? requested : languageStore.get(), navigator.languages ?? []);
}
