import { lazy, type ComponentType } from "react";
import { Navigate, Route, Routes } from "react-router";
import { useSession } from "../lib/session";
import { ProtectedLayout } from "./layout/protected-layout";
import { NotFoundPage } from "./not-found";
import { RootLayout } from "./root-layout";
import { adminChunk, dashboardChunk, lenderChunk, workspaceChunk } from "./screen-chunks";

/**
 * Every screen is a lazy component, loaded only when it renders: a visitor who is not
 * signed in gets the landing page from a protected path and never downloads the workspace or admin
 * chunks; a scanner opening /qr-view downloads only the certificate chunk.
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const workspace = workspaceChunk;
const admin = adminChunk;
const legal = () => import("../features/legal/routes");
const emailedLinks = () => import("../features/auth/routes");
const lender = lenderChunk;

const DashboardPage = screen(dashboardChunk, (m) => m.DashboardPage);
const CreateCodePage = screen(workspace, (m) => m.CreateCodeRoute);
const CodeBatchPage = screen(workspace, (m) => m.CodeBatchRoute);
const CodeHistoryPage = screen(workspace, (m) => m.CodeHistoryPage);
const CodeDetailPage = screen(workspace, (m) => m.CodeDetailRoute);
const ValuersPage = screen(workspace, (m) => m.ValuersPage);
const ProfileSettingsPage = screen(workspace, (m) => m.ProfileSettingsPage);
const CompanyDetailsPage = screen(workspace, (m) => m.CompanyDetailsPage);
const AdminPage = screen(admin, (m) => m.AdminRoute);
const PortfolioPage = screen(lender, (m) => m.PortfolioPage);
const RecordReliancePage = screen(lender, (m) => m.RecordReliancePage);
const TeamPage = screen(workspace, (m) => m.TeamPage);
const BillingPage = screen(workspace, (m) => m.BillingPage);
const PurchasePage = screen(workspace, (m) => m.PurchasePage);
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

/**
 * A firm's workspace screens: admins are sent to /admin, and a lender's members (who issue
 * nothing) to their portfolio, before any workspace code loads.
 */
function WorkspaceScreen({ screen: Screen }: { screen: ComponentType }) {
  const { isAdmin, isLender } = useSession();
  if (isAdmin) return <Navigate to="/admin" replace />;
  return isLender ? <Navigate to="/portfolio" replace /> : <Screen />;
}

/** Screens of every organisation's members (Settings): admins are sent to /admin. */
function MemberScreen({ screen: Screen }: { screen: ComponentType }) {
  const { isAdmin } = useSession();
  return isAdmin ? <Navigate to="/admin" replace /> : <Screen />;
}

/** A lender's screens: anyone else is sent to their own home. */
function LenderScreen({ screen: Screen }: { screen: ComponentType }) {
  const { isLender } = useSession();
  return isLender ? <Screen /> : <Navigate to="/" replace />;
}

/** Every address of the app. Declarative routes: the app uses no loaders or actions, and the data router would add about 10 KB to every first download. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<ProtectedLayout />}>
          <Route path="/" element={<WorkspaceScreen screen={DashboardPage} />} />
          <Route path="/dashboard" element={<WorkspaceScreen screen={DashboardPage} />} />
          <Route path="/create-qr" element={<WorkspaceScreen screen={CreateCodePage} />} />
          <Route path="/create-qr/batch" element={<WorkspaceScreen screen={CodeBatchPage} />} />
          <Route path="/qr-history" element={<WorkspaceScreen screen={CodeHistoryPage} />} />
          <Route path="/qr/:id" element={<WorkspaceScreen screen={CodeDetailPage} />} />
          <Route path="/valuers" element={<WorkspaceScreen screen={ValuersPage} />} />
          <Route path="/billing" element={<WorkspaceScreen screen={BillingPage} />} />
          <Route path="/billing/purchases/:id" element={<WorkspaceScreen screen={PurchasePage} />} />
          <Route path="/settings/profile" element={<ProfileSettingsPage />} />
          <Route path="/settings/company/*" element={<MemberScreen screen={CompanyDetailsPage} />} />
          <Route path="/portfolio" element={<LenderScreen screen={PortfolioPage} />} />
          <Route path="/reliance/new" element={<LenderScreen screen={RecordReliancePage} />} />
          <Route path="/team" element={<LenderScreen screen={TeamPage} />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/admin/companies" element={<AdminPage />} />
          <Route path="/admin/users" element={<AdminPage />} />
          <Route path="/admin/settings" element={<AdminPage />} />
          <Route path="/admin/billing" element={<AdminPage />} />
          <Route path="/admin/registers" element={<AdminPage />} />
          <Route path="/admin/data-requests" element={<AdminPage />} />
        </Route>
        <Route path="/qr-view" element={<CertificateViewPage />} />
        <Route path="/invite/:token" element={<AcceptInvitePage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-of-use" element={<TermsOfUsePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
