import { Building2, History, LayoutDashboard, type LucideIcon, QrCode, Settings, Users } from "lucide-react";

/** The two navigation sets: a company's workspace, and the platform administration. */
export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const USER_NAVIGATION: NavItem[] = [
  { label: "Dashboard", to: "/", icon: LayoutDashboard },
  { label: "Create QR Code", to: "/create-qr", icon: QrCode },
  { label: "QR History", to: "/qr-history", icon: History },
  { label: "My Company Valuers", to: "/valuers", icon: Users },
];

export const ADMIN_NAVIGATION: NavItem[] = [
  { label: "Admin Dashboard", to: "/admin", icon: LayoutDashboard },
  { label: "Companies", to: "/admin/companies", icon: Building2 },
  { label: "Users", to: "/admin/users", icon: Users },
  { label: "System Settings", to: "/admin/settings", icon: Settings },
];
