import { Outlet } from "react-router";
import { useSession } from "../../features/auth/api/current-user";
import { LandingPage } from "../../features/landing/components/landing-page";
import { PageLoading } from "../ui/spinner";
import { AppShell } from "./app-shell";

/** SPEC 2: spinner while the session is determined; the landing page when nobody is signed in. */
export function ProtectedLayout() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
