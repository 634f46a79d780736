import "./lib/zod-config";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router";
import { ErrorBoundary } from "./components/ui/error-boundary";
import { ToastProvider } from "./components/ui/toast";
import { createQueryClient } from "./lib/query-client";
import { tokenStore } from "./lib/device-storage";
import { prefetchSession } from "./lib/session";
import { preloadSignedInScreens } from "./app/screen-chunks";
import "./styles.css";
import { estimateWithMoreWords } from "#schema/password-strength.ts";

// The browser's password estimate adds English words, names and Wikipedia's to the common passwords
// the server checks (decision 068); fetched the first time someone chooses a password.
estimateWithMoreWords(() => import("@zxcvbn-ts/language-en").then(({ dictionary }) => dictionary));

const queryClient = createQueryClient();

// Signed in (a token is kept): the session's request and the frame's and this screen's script start
// now, side by side, instead of one after the other as each renders (issue 51).
if (tokenStore.get()) {
  prefetchSession(queryClient);
  preloadSignedInScreens(window.location.pathname);
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* The toasts sit inside the router: a page's toast is dismissed when the user leaves the page. */}
      <BrowserRouter>
        <ToastProvider>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
