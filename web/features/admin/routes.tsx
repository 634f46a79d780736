import { lazy, Suspense } from "react";
import { PageLoading } from "#web/components/ui/spinner.tsx";
import { useSession } from "#web/lib/session.ts";
import { AccessDenied } from "./components/access-denied";
import { SecondFactorNeeded } from "./components/second-factor-needed";

/**
 * The admin screens are one chunk, requested only after the session says "admin" (every screen is loaded lazily):
 * an ordinary user or a visitor opening /admin never downloads them. This gate is all the router
 * imports; the server refuses every /api/admin call to non-admins regardless.
 */
const AdminPage = lazy(() => import("./components/admin-page").then((module) => ({ default: module.AdminPage })));

export function AdminRoute() {
  const { isAdmin, user } = useSession();
  if (!isAdmin) return <AccessDenied />;
  if (user && !user.secondFactor.verified) return <SecondFactorNeeded enabled={user.secondFactor.enabled} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminPage />
    </Suspense>
  );
}
