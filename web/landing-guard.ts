import { openingLanguage, tokenStore } from "./lib/device-storage";

/*
 * The first thing every page of the app runs, inline in its head before anything is drawn
 * (scripts/build-landing.ts puts it there; the Content-Security-Policy names its hash). The page
 * carries the landing page rendered ahead of time, in English, for a visitor nobody has signed in:
 * on a slow mobile link it is readable after one round trip instead of after the app's script
 * (issue 51). It is shown only where the app would show exactly that page: at "/", with no session
 * kept on this device, in English. Anywhere else it stays hidden and the app draws as before.
 */
if (window.location.pathname === "/" && !tokenStore.get() && openingLanguage(window.location.search) === "en") {
  document.documentElement.dataset.prerender = "on";
}
