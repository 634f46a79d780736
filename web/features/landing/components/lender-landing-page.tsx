import { useLocation, useSearchParams } from "react-router";
import { PublicFooter, PublicTopBar } from "../../../components/layout/public-top-bar";
import { Button } from "../../../components/ui/button";
import { useDocumentTitle } from "../../../lib/use-document-title";
import type { OrganisationKind } from "../../../../schema/limits";

/** Where to go once signed in, and what the organisation does (the auth dialogs' intent). */
interface Intent {
  next: string;
  kind: OrganisationKind;
}

interface Props {
  onSignIn: (intent: Intent) => void;
  onRegister: (intent: Intent) => void;
}

/** A public token as the certificate's link sends it (/reliance/new?code=<token>). */
const TOKEN = /^[A-Za-z0-9]{16}$/;

/**
 * The lenders' door, for a signed-out visitor on a lender screen (/reliance/…, /portfolio): a bank
 * officer who tapped "Lender? Record reliance" on a certificate. Registering opens with "I rely on
 * valuations" chosen, and the page they came for (with the scanned code) is kept through the
 * confirmation email and the sign-in, which lands on it.
 */
export function LenderLandingPage({ onSignIn, onRegister }: Props) {
  useDocumentTitle("Record reliance on a valuation");
  const location = useLocation();
  const [params] = useSearchParams();
  const next = `${location.pathname}${location.search}`;
  const code = params.get("code");
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PublicTopBar
        action={
          <Button size="sm" className="whitespace-nowrap" onClick={() => onSignIn({ next, kind: "lender" })}>
            Sign in
          </Button>
        }
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">For lenders</p>
        <h1 className="mt-1 text-page-title font-bold text-slate-900">Record reliance on a valuation</h1>
        <p className="mt-3 text-slate-700">
          Record that a loan relies on a valuation report, with the loan reference kept unreadable to anyone else.
          ValuSeal emails you if the valuation is revoked, replaced or expires, or if another institution relies on the
          same report.
        </p>
        {code && TOKEN.test(code) && (
          <p className="mt-4 rounded-card border border-line bg-white p-4 text-sm text-slate-700">
            The valuation you scanned is kept: after you sign in you land on it.{" "}
            <a href={`/v/${code}`} className="font-medium text-brand-700 underline">
              Open its certificate again
            </a>
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button size="lg" onClick={() => onRegister({ kind: "lender", next })}>
            Register as a lender
          </Button>
          <Button size="lg" variant="secondary" onClick={() => onSignIn({ next, kind: "lender" })}>
            I have an account
          </Button>
        </div>
        <ol className="mt-8 space-y-3 text-sm text-slate-700">
          <li>
            <span className="font-semibold text-slate-900">1. Register your institution</span> — a bank, SACCO or
            microfinance lender — and confirm your email.
          </li>
          <li>
            <span className="font-semibold text-slate-900">2. ValuSeal verifies your institution</span> before it can
            check valuations and record reliance; you are emailed when it has.
          </li>
          <li>
            <span className="font-semibold text-slate-900">3. Record reliance</span> on each valuation your loans use,
            and watch your Portfolio.
          </li>
        </ol>
      </main>
      <PublicFooter />
    </div>
  );
}
