import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { BRAND } from "../../lib/brand";
import { cn } from "../../lib/cn";

const legalLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded px-2 py-1 text-sm",
    isActive ? "bg-blue-50 font-semibold text-blue-800" : "text-slate-600 hover:text-slate-900",
  );

/** Top bar shared by the landing and legal pages: brand, legal links (current one highlighted), an action. */
export function PublicTopBar({ action }: { action: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-blue-800">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded bg-blue-700 text-white">
            V
          </span>
          {BRAND.name}
        </Link>
        <nav aria-label="Legal" className="flex items-center gap-1">
          <NavLink to="/privacy-policy" className={legalLinkClass}>
            Privacy Policy
          </NavLink>
          <NavLink to="/terms-of-use" className={legalLinkClass}>
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
