/** The two navigation sets: a company's workspace, and the platform administration. */
export interface NavItem {
  label: string;
  to: string;
  icon: string;
}

export const USER_NAVIGATION: NavItem[] = [
  { label: "Dashboard", to: "/", icon: "▦" },
  { label: "Create QR Code", to: "/create-qr", icon: "＋" },
  { label: "QR History", to: "/qr-history", icon: "☰" },
  { label: "My Company Valuers", to: "/valuers", icon: "👥" },
];

export const ADMIN_NAVIGATION: NavItem[] = [
  { label: "Admin Dashboard", to: "/admin", icon: "▦" },
  { label: "Companies", to: "/admin/companies", icon: "🏢" },
  { label: "Users", to: "/admin/users", icon: "👥" },
  { label: "System Settings", to: "/admin/settings", icon: "⚙" },
];
