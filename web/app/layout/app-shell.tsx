import { ChevronDown, Menu } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Link, matchPath, useLocation, useNavigate } from "react-router";
import type { PublicUser } from "#schema/responses/index.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { BrandMark } from "#web/components/layout/brand-mark.tsx";
import { cn } from "#web/lib/cn.ts";
import { avatarInitial, displayName } from "#web/lib/display-name.ts";
import { useSignOut } from "#web/lib/session-changes.ts";
import { ClosingBanner } from "./closing-banner";
import { EmailConfirmationBanner } from "./email-confirmation-banner";
import { useLanguage } from "#web/lib/language.ts";
import { ADMIN_NAVIGATION, LENDER_NAVIGATION, USER_NAVIGATION, type NavItem } from "./navigation";

/** The item whose page is showing is marked for the eye and for screen readers (aria-current). */
function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const language = useLanguage();
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const current = item.current.some((pattern) => matchPath(pattern, pathname) !== null);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                "flex items-center gap-3 rounded-control px-3 py-2 text-sm font-medium",
                current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
              )}
            >
              <item.icon aria-hidden="true" className="size-4 shrink-0" />
              {language === "sw" && item.swahili ? <span lang="sw">{item.swahili}</span> : item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function UserMenu({ user }: { user: PublicUser }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const isAdmin = user.role === "admin";
  const itemClass =
    "cursor-pointer rounded-control px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <span
          aria-hidden="true"
          className="grid h-8 w-8 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {avatarInitial(user)}
        </span>
        {/* Named "User menu" and, where it is shown, the user's name (the visible text stays in the name). */}
        <span className="sr-only">User menu</span>
        <span className="hidden text-sm font-medium text-slate-800 sm:inline">{displayName(user)}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-card border border-line bg-surface p-1 shadow-raised"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500">{user.email}</DropdownMenu.Label>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/settings/profile")}>
            Profile Settings
          </DropdownMenu.Item>
          {!isAdmin && (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/settings/company")}>
              Company Details
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={async () => {
              await signOut();
              void navigate("/");
            }}
          >
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The signed-in frame: top bar, side navigation (hidden on small screens) and a mobile slide-out menu. */
export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const items =
    user.role === "admin" ? ADMIN_NAVIGATION : user.company?.kind === "lender" ? LENDER_NAVIGATION : USER_NAVIGATION;
  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="rounded-control p-2 text-slate-700 hover:bg-slate-100 md:hidden"
              aria-label="Open menu"
              onClick={() => setMobileOpen(true)}
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
            <BrandMark />
            {user.company && (
              <span
                data-testid="company-name"
                className="hidden border-l border-line pl-3 text-sm text-slate-600 md:inline"
              >
                {user.company.name}
              </span>
            )}
          </div>
          <UserMenu user={user} />
        </div>
      </header>
      {/* The row fills what the header leaves, so the side bar reaches the bottom without a scroll bar. */}
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 border-r border-line bg-surface p-4 md:block">
          <nav aria-label="Main">
            <NavList items={items} />
          </nav>
        </aside>
        <div className="min-w-0 flex-1">
          <ClosingBanner user={user} />
          <EmailConfirmationBanner user={user} />
          <main id="main" tabIndex={-1} className="p-4 sm:p-6">
            {children}
          </main>
        </div>
      </div>
      <Dialog open={mobileOpen} onOpenChange={setMobileOpen} title="Menu" placement="drawer">
        <nav aria-label="Mobile">
          <NavList items={items} onNavigate={() => setMobileOpen(false)} />
        </nav>
      </Dialog>
    </div>
  );
}
