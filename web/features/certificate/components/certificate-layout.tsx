import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

import type { StatusTone } from "#web/components/ui/certificate-verdict.tsx";

const BANNER_TONES: Record<StatusTone, string> = {
  valid: "border-green-600 bg-green-50 text-green-900",
  invalid: "border-red-600 bg-red-50 text-red-900",
  sample: "border-sky-600 bg-sky-50 text-sky-900",
  unverified: "border-amber-600 bg-amber-50 text-amber-950",
};

/** A coloured notice under the header (revoked, sample, issuer not verified, not the issuer's record). */
export function CertificateBanner({ tone, title, children }: { tone: StatusTone; title: string; children: ReactNode }) {
  return (
    <div className={cn("m-4 rounded-lg border-2 px-3.5 py-3", BANNER_TONES[tone])}>
      <p className="text-lg font-bold">{title}</p>
      <div className="mt-1 space-y-1">{children}</div>
    </div>
  );
}

interface CertificateLayoutProps {
  heading: string;
  status?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * The page a scanner sees, drawn like the server-rendered certificate at /v/<token>
 * (worker/lib/certificate-page.ts): one card on a grey page, readable at 360 px, ending with the
 * line that tells the reader which host to expect in the address bar.
 */
export function CertificateLayout({ heading, status, children, footer }: CertificateLayoutProps) {
  useDocumentTitle(heading);
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <meta name="robots" content="noindex,nofollow" />
      <main id="main" tabIndex={-1} className="mx-auto max-w-[640px] p-4">
        <div className="overflow-hidden rounded-xl bg-white shadow">
          <header className="border-b border-slate-200 px-4 py-5 text-center">
            <p className="text-[13px] uppercase tracking-[0.08em] text-slate-600">ValuSeal</p>
            <h1 className="mb-3 mt-1 text-[22px] font-bold leading-tight">{heading}</h1>
            {status}
          </header>
          {children}
          <footer className="bg-slate-50 px-4 py-3 text-sm">
            {footer}
            <p className="text-slate-600">
              Check that the address bar shows <strong>{window.location.host}</strong> before you rely on this page.
            </p>
          </footer>
        </div>
      </main>
    </div>
  );
}

type DetailRows = [label: string, value: ReactNode][];

/**
 * A label/value grid: two columns, one under 400 px unless `columns="always"` (the short summary
 * keeps two, so it fits a phone's first screen). Values the record does not have are left out.
 */
export function DetailList({
  rows,
  className,
  columns = "wide",
}: {
  rows: DetailRows;
  className?: string;
  columns?: "wide" | "always";
}) {
  return (
    <dl
      className={cn(
        "grid gap-x-3 gap-y-1.5",
        columns === "always"
          ? "grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
          : "grid-cols-1 min-[400px]:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]",
        className,
      )}
    >
      {rows
        .filter(([, value]) => Boolean(value))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className={cn("break-words font-semibold", columns === "wide" && "mb-1.5 min-[400px]:mb-0")}>
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}

export function DetailSection({ title, rows }: { title: string; rows: DetailRows }) {
  return (
    <section aria-label={title} className="border-b border-slate-200 px-4 py-3">
      <h2 className="mb-2 text-[15px] font-semibold text-slate-700">{title}</h2>
      <DetailList rows={rows} />
    </section>
  );
}
