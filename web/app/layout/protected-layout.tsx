import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoading } from "#web/components/ui/spinner.tsx";
import { ShellPlaceholder } from "#web/components/layout/shell-placeholder.tsx";
import { useAuthDialogs } from "#web/features/auth/components/auth-dialogs.tsx";
import { LandingPage } from "#web/features/landing/components/landing-page.tsx";
import { LenderLandingPage } from "#web/features/landing/components/lender-landing-page.tsx";
import { useSession } from "#web/lib/session.ts";
import { appShellChunk } from "../screen-chunks";

// The signed-in frame is its own chunk: anonymous visitors only ever need the landing page.
const AppShell = lazy(async () => ({ default: (await appShellChunk()).AppShell }));

/** The lenders' screens: a signed-out visitor there is a lender, shown the lenders' door. */
const LENDER_PATHS = /^\/(reliance|portfolio)(\/|$)/;

/**
 * The frame's outline while the session is determined and the frame's script arrives (never a bare
 * spinner on a slow network); the landing page (the lenders' on their screens) when nobody is
 * signed in.
 */
export function ProtectedLayout() {
  const { user, isLoading } = useSession();
  const { openSignIn, openRegister } = useAuthDialogs();
  const { pathname } = useLocation();
  if (isLoading) return <ShellPlaceholder />;
  if (!user) {
    return LENDER_PATHS.test(pathname) ? (
      <LenderLandingPage onSignIn={openSignIn} onRegister={openRegister} />
    ) : (
      <LandingPage onSignIn={() => openSignIn()} onRegister={() => openRegister()} />
    );
  }
  return (
    <Suspense fallback={<ShellPlaceholder />}>
      <AppShell user={user}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AppShell>
    </Suspense>
  );
}
