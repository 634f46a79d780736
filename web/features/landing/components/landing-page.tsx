import { pricePerCode } from "#schema/limits/billing.ts";
import { useState } from "react";
import { Link } from "react-router";
import { formatMinorUnits } from "#schema/money.ts";
import { PublicFooter, PublicTopBar } from "#web/components/layout/public-top-bar.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LanguageSwitch } from "#web/components/ui/language-switch.tsx";
import { useLanguage, useTexts } from "#web/lib/language.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";
import { LOCALES, type Language } from "#schema/language.ts";
import { LANDING_TEXTS, type LandingTexts } from "../texts";
import { usePlatformFigures, usePricing } from "../api/public-figures";
import { DemoQr } from "./demo-qr";

const count = (value: number | undefined, language: Language) =>
  value === undefined ? "—" : value.toLocaleString(LOCALES[language]);

/**
 * The tiles: what every certificate is, then the platform's own figures as last counted (decision
 * 053); "—" until they arrive, never a number nobody counted.
 */
function PlatformFigures({ t, language }: { t: LandingTexts; language: Language }) {
  const figures = usePlatformFigures();
  const tiles = [
    { key: "signed", value: t.figures.signed, label: t.figures.signedLabel },
    { key: "verified-firms", value: count(figures.data?.verifiedFirms, language), label: t.figures.verifiedFirms },
    { key: "codes-issued", value: count(figures.data?.codesIssued, language), label: t.figures.codesIssued },
    {
      key: "scans-this-month",
      value: count(figures.data?.scansThisMonth, language),
      label: t.figures.scansThisMonth,
    },
  ];
  return (
    <dl
      className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-4"
      aria-busy={figures.isPending}
      aria-label={t.figuresLabel}
    >
      {tiles.map((tile) => (
        <div key={tile.key} data-figure={tile.key} className="flex flex-col-reverse rounded-lg bg-slate-50 p-6">
          <dt className="text-sm text-slate-600">{tile.label}</dt>
          <dd className="text-3xl font-bold text-brand-800">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Props {
  /** Opens the sign-in dialog. */
  onSignIn: () => void;
  /** Opens the registration dialog. */
  onRegister: () => void;
}

/** The public entry: what the product does, the live demo code, sign-in and registration. */
/**
 * The packs on sale now, from the same price list Billing charges: shillings first, dollars on
 * request. Nothing is shown until the prices have loaded (a wrong price is worse than none).
 */
function Pricing({ t, language }: { t: LandingTexts; language: Language }) {
  const [currency, setCurrency] = useState<"KES" | "USD">("KES");
  const pricing = usePricing(currency);
  const locale = LOCALES[language];
  return (
    <section aria-labelledby="pricing" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="pricing" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
        {t.pricing.title}
      </h2>
      {pricing.data && (
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {pricing.data.packs.map((pack) => (
            <li key={pack.credits} className="rounded-card border border-line bg-surface p-5 text-center shadow-card">
              <p className="text-lg font-semibold text-slate-900">{t.pricing.pack(pack.credits)}</p>
              <p className="mt-2 text-2xl font-bold text-slate-900">
                {formatMinorUnits(pack.netMinor, pack.currency, locale)}
              </p>
              <p className="text-sm text-slate-600">
                {t.pricing.plusVat(formatMinorUnits(pack.vatMinor, pack.currency, locale))}
              </p>
              <p className="mt-2 text-sm text-slate-700">
                {t.pricing.perCode(formatMinorUnits(pricePerCode(pack), pack.currency, locale))}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600">{t.pricing.note}</p>
      {currency === "KES" && (
        <p className="mt-2 text-center">
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline"
            onClick={() => setCurrency("USD")}
          >
            {t.pricing.inOtherCurrency}
          </button>
        </p>
      )}
    </section>
  );
}

export function LandingPage({ onSignIn, onRegister }: Props) {
  const language = useLanguage();
  const t = useTexts(LANDING_TEXTS);
  useDocumentTitle(t.tabTitle);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PublicTopBar
        action={
          <>
            {/* A plain link: /verify is a page of its own (served by the worker), not a screen of this app. */}
            <a
              href="/verify"
              aria-label={t.verifyReport}
              className="whitespace-nowrap rounded px-1.5 py-1 text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline sm:px-2"
            >
              {t.verifyShort}
              <span className="max-[399px]:hidden">{t.verifyLong}</span>
            </a>
            <Button size="sm" className="whitespace-nowrap" onClick={onSignIn}>
              {t.valuerDashboard}
            </Button>
          </>
        }
      />
      {/* Its own line above the page, as on the certificate: the top bar has no room for it on a phone. */}
      <div className="mx-auto flex w-full max-w-6xl justify-end px-4">
        <LanguageSwitch />
      </div>
      <main id="main" tabIndex={-1} className="flex-1">
        {/* A solid colour, not a gradient: the contrast of the text and buttons on it can then be checked. */}
        <section className="bg-brand-900 text-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
            <div>
              <h1 className="text-3xl font-bold leading-tight sm:text-5xl">{t.heroTitle}</h1>
              <p className="mt-4 text-lg text-brand-100">{t.heroText}</p>
              <div className="mt-8 flex flex-wrap items-center gap-3">
                <Button size="lg" variant="inverse" onClick={onRegister}>
                  {t.startFreeTrial}
                </Button>
                <Button size="lg" variant="inverseOutline" onClick={onSignIn}>
                  {t.signIn}
                </Button>
                <a href="/verify" className="px-2 py-2 font-semibold text-white underline underline-offset-2">
                  {t.verifyReport}
                </a>
                <Link to="/reliance/new" className="px-2 py-2 font-semibold text-white underline underline-offset-2">
                  {t.lender}
                </Link>
              </div>
              {/* A plain link: /verify is a page of its own (check.html), not a screen of this app. */}
              <p className="mt-3 text-sm text-brand-100">
                {t.sealedReportLead}{" "}
                <a href="/verify" className="font-semibold text-white underline underline-offset-2">
                  {t.sealedReportLink}
                </a>{" "}
                {t.sealedReportTail}
              </p>
            </div>
            <div className="flex flex-col items-center gap-3 rounded-xl bg-white/10 p-6 text-center">
              <h2 className="text-lg font-semibold">{t.demoTitle}</h2>
              <DemoQr alt={t.demoAlt} loading={t.loading} />
              <p className="max-w-xs text-sm text-brand-100">{t.demoText}</p>
            </div>
          </div>
        </section>

        <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="how-it-works" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            {t.howItWorks}
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {t.steps.map((step, index) => (
              <li key={step.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="get-started" className="bg-white">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center">
            <h2 id="get-started" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              {t.protectTitle}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-slate-600">{t.protectText}</p>
            <Button size="lg" className="mt-6" onClick={onRegister}>
              {t.createAccount}
            </Button>
            <PlatformFigures t={t} language={language} />
          </div>
        </section>
        <Pricing t={t} language={language} />
      </main>
      <PublicFooter />
    </div>
  );
}
