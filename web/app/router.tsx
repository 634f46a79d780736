import { createBrowserRouter } from "react-router";
import { ProtectedLayout } from "../components/layout/protected-layout";
import { PageLoading } from "../components/ui/spinner";
import { NotFoundPage } from "./not-found";
import { RootLayout } from "./root-layout";

/**
 * Screens are lazy so a scanner never downloads the workspace and a valuer never downloads admin
 * (STYLE 12). Each feature's routes.tsx exports its page components.
 */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const workspace = () => import("../features/workspace-routes");
const admin = () => import("../features/admin/routes");

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <ProtectedLayout />,
        children: [
          { path: "/", ...page(workspace, (m) => m.DashboardPage) },
          { path: "/dashboard", ...page(workspace, (m) => m.DashboardPage) },
          { path: "/create-qr", ...page(workspace, (m) => m.CreateCodePage) },
          { path: "/qr-history", ...page(workspace, (m) => m.CodeHistoryPage) },
          { path: "/qr/:id", ...page(workspace, (m) => m.CodeDetailPage) },
          { path: "/valuers", ...page(workspace, (m) => m.ValuersPage) },
          { path: "/settings/profile", ...page(workspace, (m) => m.ProfileSettingsPage) },
          { path: "/settings/company", ...page(workspace, (m) => m.CompanyDetailsPage) },
          { path: "/admin", ...page(admin, (m) => m.AdminPage) },
          { path: "/admin/companies", ...page(admin, (m) => m.AdminPage) },
          { path: "/admin/users", ...page(admin, (m) => m.AdminPage) },
          { path: "/admin/settings", ...page(admin, (m) => m.AdminPage) },
        ],
      },
      {
        path: "/qr-view",
        ...page(
          () => import("../features/certificate/routes"),
          (m) => m.CertificateViewPage,
        ),
      },
      {
        path: "/invite/:token",
        ...page(
          () => import("../features/team/routes"),
          (m) => m.AcceptInvitePage,
        ),
      },
      {
        path: "/privacy-policy",
        ...page(
          () => import("../features/legal/routes"),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: "/terms-of-use",
        ...page(
          () => import("../features/legal/routes"),
          (m) => m.TermsOfUsePage,
        ),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
