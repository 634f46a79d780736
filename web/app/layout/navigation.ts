import {
  BookCheck,
  Building2,
  CreditCard,
  FilePlus2,
  History,
  Inbox,
  Landmark,
  LayoutDashboard,
  QrCode,
  Settings,
  Users,
  type LucideIcon,
} from "lucide-react";

/** The navigation sets: a valuation firm's workspace, a lender's, and the platform administration. */
export interface NavItem {
  label: string;
  /** The label in Swahili, for the lender's workspace, which speaks it (web/lib/language.ts). */
  swahili?: string;
  to: string;
  icon: LucideIcon;
  /**
   * The route patterns (react-router's, "/*" for everything under a path) on which this item is the
   * current page: the dashboard has two addresses, and a code's own page belongs to the history.
   */
  current: string[];
}

export const USER_NAVIGATION: NavItem[] = [
  { label: "Dashboard", to: "/", icon: LayoutDashboard, current: ["/", "/dashboard"] },
  { label: "Create QR Code", to: "/create-qr", icon: QrCode, current: ["/create-qr/*"] },
  { label: "QR History", to: "/qr-history", icon: History, current: ["/qr-history/*", "/qr/*"] },
  { label: "My Company Valuers", to: "/valuers", icon: Users, current: ["/valuers/*"] },
  { label: "Billing", to: "/billing", icon: CreditCard, current: ["/billing/*"] },
];

/** A lender's workspace: what its loans rely on, recording more, its team and its settings. */
export const LENDER_NAVIGATION: NavItem[] = [
  {
    label: "Portfolio",
    swahili: "Portfolio",
    to: "/portfolio",
    icon: Landmark,
    current: ["/", "/dashboard", "/portfolio/*"],
  },
  {
    label: "Record reliance",
    swahili: "Rekodi utegemezi",
    to: "/reliance/new",
    icon: FilePlus2,
    current: ["/reliance/*"],
  },
  { label: "Team", swahili: "Timu", to: "/team", icon: Users, current: ["/team/*"] },
  {
    label: "Settings",
    swahili: "Mipangilio",
    to: "/settings/company",
    icon: Settings,
    current: ["/settings/company/*"],
  },
];

export const ADMIN_NAVIGATION: NavItem[] = [
  { label: "Admin Dashboard", to: "/admin", icon: LayoutDashboard, current: ["/admin"] },
  { label: "Companies", to: "/admin/companies", icon: Building2, current: ["/admin/companies/*"] },
  { label: "Users", to: "/admin/users", icon: Users, current: ["/admin/users/*"] },
  { label: "Billing", to: "/admin/billing", icon: CreditCard, current: ["/admin/billing/*"] },
  { label: "Valuer Registers", to: "/admin/registers", icon: BookCheck, current: ["/admin/registers/*"] },
  { label: "Data Requests", to: "/admin/data-requests", icon: Inbox, current: ["/admin/data-requests/*"] },
  { label: "System Settings", to: "/admin/settings", icon: Settings, current: ["/admin/settings/*"] },
];
