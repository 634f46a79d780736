import { Landmark } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { WatchedCode } from "#schema/responses/index.ts";
import { PORTFOLIO_VIEWS, type PortfolioView } from "#schema/validation/reliances.ts";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ExportButton } from "#web/components/ui/export-button.tsx";
import { SelectField } from "#web/components/ui/field.tsx";
import { LoadFailed } from "#web/components/ui/load-failed.tsx";
import { useRedirectOnUnauthorizedQuery } from "#web/components/ui/failure-toast.ts";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { CertificateVerdict } from "#web/components/ui/certificate-verdict.tsx";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { useCurrentCompany } from "#web/lib/current-company.ts";
import { exportPortfolio, usePortfolio } from "../api/reliances";
import { LanguageSwitch } from "#web/components/ui/language-switch.tsx";
import { useLanguage, useTexts } from "#web/lib/language.ts";
import { COMPANY_SETTINGS_PATHS } from "#schema/app-paths.ts";
import { LOCALES } from "#schema/language.ts";
import { RELIANCE_TEXTS, type RelianceTexts } from "../texts";

function letterText(letter: NonNullable<WatchedCode["letter"]>, t: RelianceTexts, locale: string) {
  if (letter.state === "requested") return t.letterRequestedLine(formatDate(letter.requestedAt, "long", locale));
  if (letter.state === "granted") return t.letterGrantedLine(formatDate(letter.relianceUntil, "long", locale));
  return t.letterDeclinedLine(letter.reason);
}

/** One watched valuation: what it values, its standing, the loans on it (references masked), what changed. */
function WatchedItem({ watch }: { watch: WatchedCode }) {
  const { code } = watch;
  const language = useLanguage();
  const t = useTexts(RELIANCE_TEXTS);
  const locale = LOCALES[language];
  const day = (value: string | null) => formatDate(value, "long", locale);
  return (
    <li className="space-y-2 border-b border-line p-4 last:border-b-0" data-watch={code.verificationCode}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{code.property}</p>
        <CertificateVerdict
          status={code.status}
          issuerTrust={code.issuerTrust}
          valuerCheck={code.valuerRegisterCheck?.result ?? null}
          issuerSuspendedAt={code.issuerSuspendedAt}
          issuerClosedAt={code.issuerClosedAt}
          meaning={false}
          className="text-sm"
          language={language}
        />
      </div>
      <p className="text-sm break-words text-slate-600">
        <span className="font-mono">{code.verificationCode}</span> · {code.issuerName} ·{" "}
        <a href={`/v/${code.token}`} className="font-medium text-brand-700 underline">
          {t.openCertificate}
        </a>
      </p>
      {watch.reliances.length > 0 && (
        <p className="text-sm font-medium text-slate-700" data-relied="">
          {t.alreadyRely}
        </p>
      )}
      {code.revokedReason && (code.status === "revoked" || code.status === "superseded") && (
        <p className="text-sm text-red-800">{t.revokedReason(code.revokedReason)}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">{t.marketValue}</dt>
          <dd>{formatMoney(code.marketValue, code.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.valuationDate}</dt>
          <dd>{day(code.valuationDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.validUntil}</dt>
          <dd>{day(code.validUntil)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.relianceColumn}</dt>
          <dd>
            {watch.reliances.length === 0
              ? t.watchingOnly
              : watch.reliances.map((reliance) => (
                  <span key={reliance.id} className="block">
                    <span className="font-mono">{reliance.maskedReference}</span>:{" "}
                    {formatMoney(reliance.amount, reliance.currency)}
                  </span>
                ))}
          </dd>
        </div>
      </dl>
      {watch.supersededBy && (
        <p className="text-sm">
          {t.replacedBy}{" "}
          <a href={`/v/${watch.supersededBy.token}`} className="font-mono font-medium text-brand-700 underline">
            {watch.supersededBy.verificationCode}
          </a>
        </p>
      )}
      {watch.letter && <p className="text-sm text-slate-700">{letterText(watch.letter, t, locale)}</p>}
      {watch.lastChange && (
        <p className="text-sm text-slate-600">
          {t.changes[watch.lastChange.kind]} · {day(watch.lastChange.at)}
        </p>
      )}
    </li>
  );
}

function RecordLink({ t }: { t: RelianceTexts }) {
  return (
    <Link to="/reliance/new" className={buttonClasses({})}>
      {t.recordReliance}
    </Link>
  );
}

const isView = (value: string | null): value is PortfolioView => PORTFOLIO_VIEWS.some((view) => view === value);

/** The filter and page live in the address, so a filtered Portfolio can be reloaded or shared. */
function usePortfolioParams() {
  const [params, setParams] = useSearchParams();
  const shown = params.get("show");
  const show = isView(shown) ? shown : undefined;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const update = (next: { show: PortfolioView | undefined; page: number }) =>
    setParams({ ...(next.show ? { show: next.show } : {}), ...(next.page > 1 ? { page: String(next.page) } : {}) });
  return { show, page, update };
}

/**
 * Until ValuSeal has verified the institution, the lender cannot look valuations up, record
 * reliance or watch (the server refuses with 403): the Portfolio says so first, and what happens next.
 */
function NotVerifiedYet({ t }: { t: RelianceTexts }) {
  const company = useCurrentCompany();
  if (!company.data || company.data.verificationStatus === "verified") return null;
  const refused = company.data.verificationStatus === "rejected";
  return (
    <Card role="note" className="border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-lender-unverified="">
      <p className="font-semibold">{refused ? t.refusedTitle : t.notVerifiedTitle}</p>
      <p className="mt-1">
        {t.notVerifiedText} {refused ? t.refusedNext(company.data.verificationNote) : t.pendingNext}
      </p>
      <Link to={COMPANY_SETTINGS_PATHS.company} className="mt-2 inline-block font-medium text-brand-700 underline">
        {t.institutionDetails}
      </Link>
    </Card>
  );
}

/** /portfolio: the valuations the lender relies on or watches, with their standing now. */
export function PortfolioPage() {
  const { show, page, update } = usePortfolioParams();
  const portfolio = usePortfolio({ show, page });
  const t = useTexts(RELIANCE_TEXTS);
  useRedirectOnUnauthorizedQuery(portfolio.error);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle>{t.portfolioTitle}</PageTitle>
          <p className="mt-1 text-sm text-slate-600">{t.portfolioIntro}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitch />
          <ExportButton download={() => exportPortfolio(show)} fallbackName="portfolio.csv" />
          <RecordLink t={t} />
        </div>
      </div>
      <NotVerifiedYet t={t} />
      <Card className="p-4">
        <SelectField
          label={t.show}
          containerClassName="max-w-xs"
          value={show ?? ""}
          onChange={(event) => update({ show: isView(event.target.value) ? event.target.value : undefined, page: 1 })}
        >
          <option value="">{t.allValuations}</option>
          {PORTFOLIO_VIEWS.map((view) => (
            <option key={view} value={view}>
              {t.views[view]}
            </option>
          ))}
        </SelectField>
      </Card>
      <Card aria-busy={portfolio.isFetching}>
        {portfolio.isPending ? (
          <SkeletonRows label={t.loadingPortfolio} className="p-4" />
        ) : portfolio.isError ? (
          <LoadFailed title={t.failedPortfolio} error={portfolio.error} onRetry={() => portfolio.refetch()} />
        ) : portfolio.data.items.length === 0 ? (
          show ? (
            <EmptyState icon={Landmark} title={t.noMatchTitle} description={t.noMatchText} />
          ) : (
            <EmptyState icon={Landmark} title={t.emptyTitle} description={t.emptyText} action={<RecordLink t={t} />} />
          )
        ) : (
          <>
            <ul aria-label={t.watchedValuations}>
              {portfolio.data.items.map((watch) => (
                <WatchedItem key={watch.id} watch={watch} />
              ))}
            </ul>
            <Pagination
              label={t.portfolioPages}
              page={portfolio.data.page}
              pageSize={portfolio.data.pageSize}
              total={portfolio.data.total}
              onPageChange={(next) => update({ show, page: next })}
            />
          </>
        )}
      </Card>
    </div>
  );
}
