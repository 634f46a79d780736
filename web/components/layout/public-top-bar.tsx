import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { BrandMark } from "./brand-mark";
import { BRAND } from "#web/lib/brand.ts";
import { cn } from "#web/lib/cn.ts";

const legalLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded px-2 py-1 text-sm",
    isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-600 hover:text-slate-900",
  );

/**
 * Top bar shared by the landing and legal pages: brand, legal links (current one highlighted), an
 * action. On phones the legal links leave the bar for the footer, which always has them, so the
 * bar stays one row.
 */
export function PublicTopBar({ action }: { action: ReactNode }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <BrandMark />
        <nav aria-label="Legal" className="flex items-center gap-1">
          <NavLink to="/privacy-policy" className={(state) => cn(legalLinkClass(state), "max-sm:hidden")}>
            Privacy Policy
          </NavLink>
          <NavLink to="/terms-of-use" className={(state) => cn(legalLinkClass(state), "max-sm:hidden")}>
            Terms of Use
          </NavLink>
          {action}
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-white">{BRAND.name}</p>
          <p className="mt-2 text-sm">Verification codes for property valuation reports.</p>
        </div>
        <nav aria-label="Footer legal" className="flex flex-col gap-1 text-sm">
          <Link to="/privacy-policy" className="hover:text-white">
            Privacy Policy
          </Link>
          <Link to="/terms-of-use" className="hover:text-white">
            Terms of Use
          </Link>
        </nav>
        <address className="text-sm not-italic">
          {BRAND.postalAddress.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <a href={`mailto:${BRAND.mailboxes.support}`} className="mt-1 block hover:text-white">
            {BRAND.mailboxes.support}
          </a>
        </address>
      </div>
    </footer>
  );
}
