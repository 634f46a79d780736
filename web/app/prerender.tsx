import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { ShellPlaceholder } from "../components/layout/shell-placeholder";
import { LandingPage } from "../features/landing/components/landing-page";
import { PRERENDERED_LANDING_ID, PRERENDERED_SHELL_ID } from "./prerendered";

/**
 * What index.html shows before the app's script has run (scripts/build-landing.ts writes it there;
 * the page's guard, web/landing-guard.ts, shows at most one of the two):
 * - the landing page as an English visitor who is not signed in first sees it, before any request
 *   answers: figures "—", the demo code loading, no prices yet. Its buttons do nothing until the app
 *   takes over; its links work;
 * - the signed-in frame's outline, the app's own ShellPlaceholder, for a device that keeps a
 *   session: the app draws the same outline first, so the hand-over does not show.
 */
export function prerenderedPagesHtml(): string {
  const nothing = () => undefined;
  const queries = new QueryClient();
  try {
    const landing = renderToStaticMarkup(
      <div id={PRERENDERED_LANDING_ID}>
        <QueryClientProvider client={queries}>
          <StaticRouter location="/">
            <LandingPage onSignIn={nothing} onRegister={nothing} />
          </StaticRouter>
        </QueryClientProvider>
      </div>,
    );
    const shell = renderToStaticMarkup(
      <div id={PRERENDERED_SHELL_ID}>
        <ShellPlaceholder />
      </div>,
    );
    return `${landing}\n    ${shell}`;
  } finally {
    // The build stands in a window for the page (scripts/build-landing.ts), so the client takes
    // itself for a browser's and keeps each query for 5 minutes: its timers would hold the build
    // open that long after the page is written.
    queries.clear();
  }
}
