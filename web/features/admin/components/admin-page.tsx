import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { AdminBilling } from "./admin-billing";
import { AdminDashboard } from "./admin-dashboard";
import { AdminDataRequests } from "./admin-data-requests";
import { AdminRegisters } from "./admin-registers";
import { CompaniesManagement } from "./companies-management";
import { SystemSettings } from "./system-settings";
import { UserManagement } from "./user-management";
import { PageTitle } from "#web/components/ui/page-title.tsx";

interface AdminSection {
  title: string;
  Content: ComponentType;
}

/** One admin screen; the title (and content) follow whether the path contains /users, /companies, /settings, /billing, /registers or /data-requests. */
const SECTIONS: { pathPart: string; section: AdminSection }[] = [
  { pathPart: "/users", section: { title: "User Management", Content: UserManagement } },
  { pathPart: "/companies", section: { title: "Companies Management", Content: CompaniesManagement } },
  { pathPart: "/settings", section: { title: "System Settings", Content: SystemSettings } },
  { pathPart: "/billing", section: { title: "Billing", Content: AdminBilling } },
  { pathPart: "/registers", section: { title: "Valuer Registers", Content: AdminRegisters } },
  { pathPart: "/data-requests", section: { title: "Data Requests", Content: AdminDataRequests } },
];
const DASHBOARD: AdminSection = { title: "Admin Dashboard", Content: AdminDashboard };

export function AdminPage() {
  const { pathname } = useLocation();
  const { title, Content } = SECTIONS.find(({ pathPart }) => pathname.includes(pathPart))?.section ?? DASHBOARD;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageTitle>{title}</PageTitle>
      <Content />
    </div>
  );
}
