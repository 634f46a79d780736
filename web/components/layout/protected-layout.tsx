import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useSession } from "../../features/auth/api/current-user";
import { LandingPage } from "../../features/landing/components/landing-page";
import { PageLoading } from "../ui/spinner";

// The signed-in frame is its own chunk: anonymous visitors only ever need the landing page.
const AppShell = lazy(async () => ({ default: (await import("./app-shell")).AppShell }));

/** SPEC 2: spinner while the session is determined; the landing page when nobody is signed in. */
export function ProtectedLayout() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <LandingPage />;
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
