import { useEffect } from "react";
import { BRAND } from "./brand";

/**
 * Names the browser tab after the screen ("QR History · ValuSeal"), so a user with several tabs
 * open, and their history list, can tell the screens apart. `undefined` waits (e.g. for a code's
 * title to load) and leaves the tab as it is.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · ${BRAND.name}`;
  }, [title]);
}
