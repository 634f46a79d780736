import { lazy, type ComponentType } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { PageLoading } from "../components/ui/spinner";
import { useSession } from "../lib/session";
import { ProtectedLayout } from "./layout/protected-layout";
import { NotFoundPage } from "./not-found";
import { RootLayout } from "./root-layout";

/**
 * Every screen is a lazy component, loaded only when it renders: a visitor who is not
 * signed in gets the landing page from a protected path and never downloads the workspace or admin
 * chunks; a scanner opening /qr-view downloads only the certificate chunk.
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const workspace = () => import("./workspace-routes");
const admin = () => import("../features/admin/routes");
const legal = () => import("../features/legal/routes");
const emailedLinks = () => import("../features/auth/routes");

const DashboardPage = screen(workspace, (m) => m.DashboardPage);
const CreateCodePage = screen(workspace, (m) => m.CreateCodeRoute);
const CodeHistoryPage = screen(workspace, (m) => m.CodeHistoryPage);
const CodeDetailPage = screen(workspace, (m) => m.CodeDetailRoute);
const ValuersPage = screen(workspace, (m) => m.ValuersPage);
const ProfileSettingsPage = screen(workspace, (m) => m.ProfileSettingsPage);
const CompanyDetailsPage = screen(workspace, (m) => m.CompanyDetailsPage);
const AdminPage = screen(admin, (m) => m.AdminRoute);
const CertificateViewPage = screen(
  () => import("../features/certificate/routes"),
  (m) => m.CertificateViewPage,
);
const AcceptInvitePage = screen(
  () => import("../features/team/routes"),
  (m) => m.AcceptInvitePage,
);
const ConfirmEmailPage = screen(emailedLinks, (m) => m.ConfirmEmailPage);
const ResetPasswordPage = screen(emailedLinks, (m) => m.ResetPasswordPage);
const PrivacyPolicyPage = screen(legal, (m) => m.PrivacyPolicyPage);
const TermsOfUsePage = screen(legal, (m) => m.TermsOfUsePage);

/** Admins are sent from the workspace screens to /admin before any workspace code loads. */
function WorkspaceScreen({ screen: Screen }: { screen: ComponentType }) {
  const { isAdmin } = useSession();
  return isAdmin ? <Navigate to="/admin" replace /> : <Screen />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <ProtectedLayout />,
        children: [
          { path: "/", element: <WorkspaceScreen screen={DashboardPage} /> },
          { path: "/dashboard", element: <WorkspaceScreen screen={DashboardPage} /> },
          { path: "/create-qr", element: <WorkspaceScreen screen={CreateCodePage} /> },
          { path: "/qr-history", element: <WorkspaceScreen screen={CodeHistoryPage} /> },
          { path: "/qr/:id", element: <WorkspaceScreen screen={CodeDetailPage} /> },
          { path: "/valuers", element: <WorkspaceScreen screen={ValuersPage} /> },
          { path: "/settings/profile", element: <ProfileSettingsPage /> },
          { path: "/settings/company", element: <WorkspaceScreen screen={CompanyDetailsPage} /> },
          { path: "/admin", element: <AdminPage /> },
          { path: "/admin/companies", element: <AdminPage /> },
          { path: "/admin/users", element: <AdminPage /> },
          { path: "/admin/settings", element: <AdminPage /> },
        ],
      },
      { path: "/qr-view", element: <CertificateViewPage /> },
      { path: "/invite/:token", element: <AcceptInvitePage /> },
      { path: "/confirm-email", element: <ConfirmEmailPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "/terms-of-use", element: <TermsOfUsePage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
