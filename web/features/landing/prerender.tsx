import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { LandingPage } from "./components/landing-page";
import { PRERENDERED_LANDING_ID } from "./prerendered";

/**
 * The landing page as an English visitor who is not signed in first sees it, before any request
 * answers: figures "—", the demo code loading, no prices yet, in its own element (scripts/build-landing.ts
 * writes it into index.html). Its buttons do nothing until the app takes over; its links work.
 */
export function prerenderedLandingHtml(): string {
  const nothing = () => undefined;
  const queries = new QueryClient();
  try {
    return renderToStaticMarkup(
      <div id={PRERENDERED_LANDING_ID}>
        <QueryClientProvider client={queries}>
          <StaticRouter location="/">
            <LandingPage onSignIn={nothing} onRegister={nothing} />
          </StaticRouter>
        </QueryClientProvider>
      </div>,
    );
  } finally {
    // The build stands in a window for the page (scripts/build-landing.ts), so the client takes
    // itself for a browser's and keeps each query for 5 minutes: its timers would hold the build
    // open that long after the page is written.
    queries.clear();
  }
}
