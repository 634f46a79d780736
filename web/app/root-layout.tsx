import { Suspense, useLayoutEffect } from "react";
import { Outlet, useSearchParams } from "react-router";
import { SkipLink } from "../components/layout/skip-link";
import { PageLoading } from "../components/ui/spinner";
import { AuthDialogsProvider } from "../features/auth/components/auth-dialogs";
import { replacePrerenderedPage } from "./prerendered";

/**
 * Providers that need the router. GET /api/login lands on /?signin=1 with the sign-in dialog open;
 * `next` (a page of this site) is where the person goes once signed in.
 */
export function RootLayout() {
  const [params] = useSearchParams();
  useLayoutEffect(replacePrerenderedPage, []);
  return (
    <AuthDialogsProvider
      initial={params.get("signin") === "1" ? "signin" : "none"}
      initialIntent={{ next: params.get("next") }}
    >
      <SkipLink />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AuthDialogsProvider>
  );
}
