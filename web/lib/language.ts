import { useEffect, useSyncExternalStore } from "react";
import { chooseLanguage, isLanguage, type Language } from "#schema/language.ts";
import { api } from "./api-client";

/**
 * The language of the screens that speak more than English: the landing page, sign-in and
 * registration, and the lender screens (the public certificate chooses its own on the server). It
 * starts from `?lang=` (the certificate's link carries the reader's choice), then the choice made on
 * this device, then the browser's languages; the switch changes it everywhere at once and, for a
 * signed-in person, for their emails too.
 */
const STORAGE_KEY = "valuseal.language";
const listeners = new Set<() => void>();

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage: the choice then lasts as long as the page.
  }
}

function initialLanguage(): Language {
  const requested = new URLSearchParams(window.location.search).get("lang");
  if (isLanguage(requested)) remember(requested);
  // A `?lang=` naming no language these screens speak leaves the device's choice as it was.
  return chooseLanguage(isLanguage(requested) ? requested : stored(), navigator.languages ?? []);
}

let current: Language = initialLanguage();

/** Changes the language of every translated screen; `signedIn` also stores it for the person's emails. */
export function setLanguage(language: Language, { signedIn }: { signedIn: boolean }) {
  if (language === current) return;
  current = language;
  remember(language);
  for (const listener of listeners) listener();
  // The screens keep the choice whatever the server answers: only the emails wait for it.
  if (signedIn) void api.PUT("/profile/language", { body: { language } }).catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current language, for a screen that does not speak it itself (the switch). */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, () => current);

/**
 * A translated screen's words in the current language. The page's `lang` follows while the screen
 * is shown, so a screen reader reads Swahili as Swahili, and goes back to English after it.
 */
export function useTexts<Texts>(dictionary: Record<Language, Texts>): Texts {
  const language = useLanguage();
  useEffect(() => {
    translatedOnScreen += 1;
    document.documentElement.lang = language;
    return () => {
      translatedOnScreen -= 1;
      if (translatedOnScreen === 0) document.documentElement.lang = "en";
    };
  }, [language]);
  return dictionary[language];
}

/** How many translated parts (a screen, a dialog over it) are shown: the page is English again when none is. */
let translatedOnScreen = 0;
