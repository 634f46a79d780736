import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../../components/ui/spinner";
import { useAuthDialogs } from "../../features/auth/components/auth-dialogs";
import { LandingPage } from "../../features/landing/components/landing-page";
import { useSession } from "../../lib/session";

// The signed-in frame is its own chunk: anonymous visitors only ever need the landing page.
const AppShell = lazy(async () => ({ default: (await import("./app-shell")).AppShell }));

/** A spinner while the session is determined; the landing page when nobody is signed in. */
export function ProtectedLayout() {
  const { user, isLoading } = useSession();
  const { openSignIn, openRegister } = useAuthDialogs();
  if (isLoading) return <PageLoading />;
  if (!user) return <LandingPage onSignIn={openSignIn} onRegister={openRegister} />;
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
