import { useLayoutEffect } from "react";

/** Whether focus has gone nowhere (the page's body), so putting it back cannot take it from anything. */
const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

function returnFocus(opener: HTMLElement | null) {
  if (!focusIsLost()) return;
  if (opener?.isConnected && !opener.matches(":disabled")) {
    opener.focus();
    return;
  }
  // The opener went with what the dialog changed (a deleted row, a button that swapped for another):
  // the page's heading is the nearest place a keyboard user can go on from.
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus();
}

/**
 * Focus goes back to what opened a dialog when it closes, as a keyboard or screen reader user
 * expects. The app opens dialogs from state rather than from a Radix trigger, so Radix has nothing to
 * return to and focus used to fall to the page's body. The opener is what had focus when the dialog
 * opened (read before the dialog moves focus inside itself); the return waits until the dialog has
 * left the page, and only happens if nothing else took focus meanwhile (a page the dialog navigated
 * to, a second dialog). Pass the returned handler as the dialog content's `onCloseAutoFocus`.
 */
export function useFocusReturn(open: boolean) {
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    // Also runs when the dialog is removed while open (with the row that held it).
    return () => {
      setTimeout(() => returnFocus(opener), 0);
    };
  }, [open]);
  return preventRadixReturn;
}

/** Radix would focus its (absent) trigger; the hook above returns focus instead. */
const preventRadixReturn = (event: Event) => event.preventDefault();
