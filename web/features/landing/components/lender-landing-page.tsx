import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { useLocation, useSearchParams } from "react-router";
import { PublicFooter, PublicTopBar } from "#web/components/layout/public-top-bar.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LanguageSwitch } from "#web/components/ui/language-switch.tsx";
import { useTexts } from "#web/lib/language.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { LENDER_LANDING_TEXTS } from "../texts";
import type { OrganisationKind } from "#schema/limits/companies.ts";

/** Where to go once signed in, and what the organisation does (the auth dialogs' intent). */
interface Intent {
  next: string;
  kind: OrganisationKind;
}

interface Props {
  onSignIn: (intent: Intent) => void;
  onRegister: (intent: Intent) => void;
}

/**
 * The lenders' door, for a signed-out visitor on a lender screen (/reliance/…, /portfolio): a bank
 * officer who tapped "Lender? Record reliance" on a certificate. Registering opens with "I rely on
 * valuations" chosen, and the page they came for (with the scanned code) is kept through the
 * confirmation email and the sign-in, which lands on it.
 */
export function LenderLandingPage({ onSignIn, onRegister }: Props) {
  const t = useTexts(LENDER_LANDING_TEXTS);
  useDocumentTitle(t.tabTitle);
  const location = useLocation();
  const [params] = useSearchParams();
  const next = `${location.pathname}${location.search}`;
  const code = params.get("code");
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PublicTopBar
        action={
          <>
            <LanguageSwitch />
            <Button size="sm" className="whitespace-nowrap" onClick={() => onSignIn({ next, kind: "lender" })}>
              {t.signIn}
            </Button>
          </>
        }
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t.forLenders}</p>
        <h1 className="mt-1 text-page-title font-bold text-slate-900">{t.title}</h1>
        <p className="mt-3 text-slate-700">{t.intro}</p>
        {code && PUBLIC_TOKEN_PATTERN.test(code) && (
          <p className="mt-4 rounded-card border border-line bg-white p-4 text-sm text-slate-700">
            {t.keptCode}{" "}
            <a href={`/v/${code}`} className="font-medium text-brand-700 underline">
              {t.openCertificate}
            </a>
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button size="lg" onClick={() => onRegister({ kind: "lender", next })}>
            {t.register}
          </Button>
          <Button size="lg" variant="secondary" onClick={() => onSignIn({ next, kind: "lender" })}>
            {t.haveAccount}
          </Button>
        </div>
        <ol className="mt-8 space-y-3 text-sm text-slate-700">
          {t.steps.map((step) => (
            <li key={step.title}>
              <span className="font-semibold text-slate-900">{step.title}</span>
              {step.text}
            </li>
          ))}
        </ol>
      </main>
      <PublicFooter />
    </div>
  );
}
