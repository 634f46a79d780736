import { useEffect, useSyncExternalStore } from "react";
import { isLanguage, type Language } from "#schema/language.ts";
import { api } from "./api-client";
import { languageStore, openingLanguage } from "./device-storage";

/**
 * The language of the screens that speak more than English: the landing page, sign-in and
 * registration, and the lender screens (the public certificate chooses its own on the server). It
 * starts from `?lang=` (the certificate's link carries the reader's choice), then the choice made on
 * this device, then the browser's languages; the switch changes it everywhere at once and, for a
 * signed-in person, for their emails too.
 */
const listeners = new Set<() => void>();

function initialLanguage(): Language {
  const requested = new URLSearchParams(window.location.search).get("lang");
  // A `?lang=` naming no language these screens speak leaves the device's choice as it was.
  if (isLanguage(requested)) languageStore.set(requested);
  return openingLanguage(window.location.search);
}

let current: Language = initialLanguage();

/** Changes the language of every translated screen; `signedIn` also stores it for the person's emails. */
export function setLanguage(language: Language, { signedIn }: { signedIn: boolean }) {
  if (language === current) return;
  current = language;
  languageStore.set(language);
  for (const listener of listeners) listener();
  // The screens keep the choice whatever the server answers: only the emails wait for it.
  if (signedIn) void api.PUT("/profile/language", { body: { language } }).catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const currentLanguage = () => current;

/**
 * The current language, for a screen that does not speak it itself (the switch). The same when the
 * landing page is rendered ahead of time (scripts/build-landing.ts), for an English visitor.
 */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);

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
