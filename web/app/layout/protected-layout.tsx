import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoading } from "#web/components/ui/spinner.tsx";
import { useAuthDialogs } from "#web/features/auth/components/auth-dialogs.tsx";
import { LandingPage } from "#web/features/landing/components/landing-page.tsx";
import { LenderLandingPage } from "#web/features/landing/components/lender-landing-page.tsx";
import { useSession } from "#web/lib/session.ts";

// The signed-in frame is its own chunk: anonymous visitors only ever need the landing page.
const AppShell = lazy(async () => ({ default: (await import("./app-shell")).AppShell }));

/** The lenders' screens: a signed-out visitor there is a lender, shown the lenders' door. */
const LENDER_PATHS = /^\/(reliance|portfolio)(\/|$)/;

/** A spinner while the session is determined; the landing page (the lenders' on their screens) when nobody is signed in. */
export function ProtectedLayout() {
  const { user, isLoading } = useSession();
  const { openSignIn, openRegister } = useAuthDialogs();
  const { pathname } = useLocation();
  if (isLoading) return <PageLoading />;
  if (!user) {
    return LENDER_PATHS.test(pathname) ? (
      <LenderLandingPage onSignIn={openSignIn} onRegister={openRegister} />
    ) : (
      <LandingPage onSignIn={() => openSignIn()} onRegister={() => openRegister()} />
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <AppShell user={user}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AppShell>
    </Suspense>
  );
}
