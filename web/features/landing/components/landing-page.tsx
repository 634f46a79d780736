import { Link } from "react-router";
import { PublicFooter, PublicTopBar } from "../../../components/layout/public-top-bar";
import { Button } from "../../../components/ui/button";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { usePlatformFigures } from "../api/platform-figures";
import { DemoQr } from "./demo-qr";

const STEPS = [
  {
    title: "Create your valuer account",
    text: "Register your valuation company with its contact details and add your valuers with their professional qualifications.",
  },
  {
    title: "Generate a code per property",
    text: "Enter the property address, property type, market value and valuation date to issue a unique verification code for the report.",
  },
  {
    title: "Paste it into your report",
    text: "Download the code image and paste it on the pages of your Word or PDF valuation report.",
  },
];

const count = (value: number | undefined) => (value === undefined ? "—" : value.toLocaleString("en-GB"));

/**
 * The tiles: what every certificate is, then the platform's own figures as last counted (decision
 * 053); "—" until they arrive, never a number nobody counted.
 */
function PlatformFigures() {
  const figures = usePlatformFigures();
  const tiles = [
    { key: "signed", value: "Signed", label: "Every certificate, and every change to it, signed and publicly logged" },
    { key: "verified-firms", value: count(figures.data?.verifiedFirms), label: "Firms verified by ValuSeal" },
    { key: "codes-issued", value: count(figures.data?.codesIssued), label: "Codes issued" },
    { key: "scans-this-month", value: count(figures.data?.scansThisMonth), label: "Scans this month" },
  ];
  return (
    <dl
      className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-4"
      aria-busy={figures.isPending}
      aria-label="ValuSeal in figures"
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
export function LandingPage({ onSignIn, onRegister }: Props) {
  useDocumentTitle("Valuation report verification");
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <PublicTopBar
        action={
          <>
            {/* A plain link: /verify is a page of its own (served by the worker), not a screen of this app. */}
            <a
              href="/verify"
              aria-label="Verify a report"
              className="whitespace-nowrap rounded px-1.5 py-1 text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline sm:px-2"
            >
              Verify<span className="max-[399px]:hidden"> a report</span>
            </a>
            <Button size="sm" className="whitespace-nowrap" onClick={onSignIn}>
              Valuer Dashboard
            </Button>
          </>
        }
      />
      <main id="main" tabIndex={-1} className="flex-1">
        {/* A solid colour, not a gradient: the contrast of the text and buttons on it can then be checked. */}
        <section className="bg-brand-900 text-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
            <div>
              <h1 className="text-3xl font-bold leading-tight sm:text-5xl">
                Stop forged valuation reports with one scan
              </h1>
              <p className="mt-4 text-lg text-brand-100">
                Generate a unique QR verification code for every property valuation report. Anyone who scans it sees the
                authentic certificate, and your company is alerted each time a code is scanned.
              </p>
              <div className="mt-8 flex flex-wrap items-center gap-3">
                <Button size="lg" variant="inverse" onClick={onRegister}>
                  Start Free Trial
                </Button>
                <Button size="lg" variant="inverseOutline" onClick={onSignIn}>
                  Sign In
                </Button>
                <a href="/verify" className="px-2 py-2 font-semibold text-white underline underline-offset-2">
                  Verify a report
                </a>
                <Link to="/reliance/new" className="px-2 py-2 font-semibold text-white underline underline-offset-2">
                  I'm a lender
                </Link>
              </div>
              {/* A plain link: /verify is a page of its own (check.html), not a screen of this app. */}
              <p className="mt-3 text-sm text-brand-100">
                Received a sealed report?{" "}
                <a href="/verify" className="font-semibold text-white underline underline-offset-2">
                  Check a sealed report
                </a>{" "}
                without scanning: drop the PDF and every page is checked.
              </p>
            </div>
            <div className="flex flex-col items-center gap-3 rounded-xl bg-white/10 p-6 text-center">
              <h2 className="text-lg font-semibold">Live demo: scan me</h2>
              <DemoQr />
              <p className="max-w-xs text-sm text-brand-100">
                Point another phone's camera at the code, or tap it on this one, to open a sample valuation certificate.
              </p>
            </div>
          </div>
        </section>

        <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="how-it-works" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
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
              Protect every report you sign
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-slate-600">
              Registration is free and you pay only per code generated. No monthly fees.
            </p>
            <Button size="lg" className="mt-6" onClick={onRegister}>
              Create your free account
            </Button>
            <PlatformFigures />
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
