import { lazy, Suspense } from "react";
import { PageLoading } from "../../components/ui/spinner";
import { useSession } from "../../lib/session";
import { AccessDenied } from "./components/access-denied";

/**
 * The admin screens are one chunk, requested only after the session says "admin" (every screen is loaded lazily):
 * an ordinary user or a visitor opening /admin never downloads them. This gate is all the router
 * imports; the server refuses every /api/admin call to non-admins regardless.
 */
const AdminPage = lazy(() => import("./components/admin-page").then((module) => ({ default: module.AdminPage })));

export function AdminRoute() {
  const { isAdmin } = useSession();
  if (!isAdmin) return <AccessDenied />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminPage />
    </Suspense>
  );
}
