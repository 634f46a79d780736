import { Landmark } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { EXPIRING_WITHIN_DAYS } from "../../../../schema/limits";
import type { WatchedCode } from "../../../../schema/responses";
import { PORTFOLIO_VIEWS, type PortfolioView } from "../../../../schema/validation/reliances";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { ExportCsvButton } from "../../../components/ui/export-button";
import { SelectField } from "../../../components/ui/field";
import { LoadFailed } from "../../../components/ui/load-failed";
import { useRedirectOnUnauthorizedQuery } from "../../../components/ui/failure-toast";
import { PageTitle } from "../../../components/ui/page-title";
import { Pagination } from "../../../components/ui/pagination";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { CertificateVerdict } from "../../../components/ui/certificate-verdict";
import { formatDate, formatMoney } from "../../../lib/format";
import { useCurrentCompany } from "../../../lib/current-company";
import { exportPortfolio, usePortfolio } from "../api/reliances";

const VIEW_LABELS: Record<PortfolioView, string> = {
  valid: "Valid",
  expiring: `Expiring in ${EXPIRING_WITHIN_DAYS} days`,
  expired: "Expired",
  revoked: "Revoked",
  superseded: "Superseded",
};

/** What the lender was last told of a code, in words. */
const CHANGE_LABELS: Record<NonNullable<WatchedCode["lastChange"]>["kind"], string> = {
  "code.revoked": "Revoked by the issuer",
  "code.superseded": "Replaced by the issuer",
  "code.expired": "Expired",
  "code.reinstated": "Reinstated by the issuer",
  "issuer.suspended": "Issuer suspended by ValuSeal",
  "reliance.duplicate": "Another institution relies on it",
};

function letterText(letter: NonNullable<WatchedCode["letter"]>) {
  if (letter.state === "requested") return `Reliance letter requested on ${formatDate(letter.requestedAt)}`;
  if (letter.state === "granted") return `Reliance letter granted until ${formatDate(letter.relianceUntil)}`;
  return `Reliance letter declined${letter.reason ? `: ${letter.reason}` : ""}`;
}

/** One watched valuation: what it values, its standing, the loans on it (references masked), what changed. */
function WatchedItem({ watch }: { watch: WatchedCode }) {
  const { code } = watch;
  return (
    <li className="space-y-2 border-b border-line p-4 last:border-b-0" data-watch={code.verificationCode}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{code.property}</p>
        <CertificateVerdict
          status={code.status}
          issuerTrust={code.issuerTrust}
          issuerSuspendedAt={code.issuerSuspendedAt}
          meaning={false}
          className="text-sm"
        />
      </div>
      <p className="text-sm break-words text-slate-600">
        <span className="font-mono">{code.verificationCode}</span> · {code.issuerName} ·{" "}
        <a href={`/v/${code.token}`} className="font-medium text-brand-700 underline">
          Open the certificate
        </a>
      </p>
      {watch.reliances.length > 0 && (
        <p className="text-sm font-medium text-slate-700" data-relied="">
          You already rely on this valuation
        </p>
      )}
      {code.revokedReason && (code.status === "revoked" || code.status === "superseded") && (
        <p className="text-sm text-red-800">Reason given by the issuer: {code.revokedReason}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Market Value</dt>
          <dd>{formatMoney(code.marketValue, code.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Valuation Date</dt>
          <dd>{formatDate(code.valuationDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Valid Until</dt>
          <dd>{formatDate(code.validUntil)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Reliance</dt>
          <dd>
            {watch.reliances.length === 0
              ? "Watching only"
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
          Replaced by{" "}
          <a href={`/v/${watch.supersededBy.token}`} className="font-mono font-medium text-brand-700 underline">
            {watch.supersededBy.verificationCode}
          </a>
        </p>
      )}
      {watch.letter && <p className="text-sm text-slate-700">{letterText(watch.letter)}</p>}
      {watch.lastChange && (
        <p className="text-sm text-slate-600">
          {CHANGE_LABELS[watch.lastChange.kind]} · {formatDate(watch.lastChange.at)}
        </p>
      )}
    </li>
  );
}

const recordLink = (
  <Link to="/reliance/new" className={buttonClasses({})}>
    Record reliance
  </Link>
);

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
function NotVerifiedYet() {
  const company = useCurrentCompany();
  if (!company.data || company.data.verificationStatus === "verified") return null;
  const refused = company.data.verificationStatus === "rejected";
  return (
    <Card role="note" className="border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-lender-unverified="">
      <p className="font-semibold">
        {refused ? "ValuSeal could not verify your institution" : "ValuSeal is verifying your institution"}
      </p>
      <p className="mt-1">
        Until it has, you cannot check valuations here, record reliance or watch them; anyone can still open a
        certificate by scanning its code.{" "}
        {refused
          ? `${company.data.verificationNote ? `ValuSeal's note: ${company.data.verificationNote}. ` : ""}Correct your institution's details in Settings to be checked again.`
          : "You are emailed when ValuSeal decides."}
      </p>
      <Link to="/settings/company" className="mt-2 inline-block font-medium text-brand-700 underline">
        Your institution's details
      </Link>
    </Card>
  );
}

/** /portfolio: the valuations the lender relies on or watches, with their standing now. */
export function PortfolioPage() {
  const { show, page, update } = usePortfolioParams();
  const portfolio = usePortfolio({ show, page });
  useRedirectOnUnauthorizedQuery(portfolio.error);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle>Portfolio</PageTitle>
          <p className="mt-1 text-sm text-slate-600">
            The valuations your loans rely on or you watch, where each stands, and what changed. You are emailed when
            one is revoked, replaced or expires.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvButton download={() => exportPortfolio(show)} fallbackName="portfolio.csv" />
          {recordLink}
        </div>
      </div>
      <NotVerifiedYet />
      <Card className="p-4">
        <SelectField
          label="Show"
          containerClassName="max-w-xs"
          value={show ?? ""}
          onChange={(event) => update({ show: isView(event.target.value) ? event.target.value : undefined, page: 1 })}
        >
          <option value="">All valuations</option>
          {PORTFOLIO_VIEWS.map((view) => (
            <option key={view} value={view}>
              {VIEW_LABELS[view]}
            </option>
          ))}
        </SelectField>
      </Card>
      <Card aria-busy={portfolio.isFetching}>
        {portfolio.isPending ? (
          <SkeletonRows label="Loading portfolio..." className="p-4" />
        ) : portfolio.isError ? (
          <LoadFailed title="Failed to load your portfolio" onRetry={() => portfolio.refetch()} />
        ) : portfolio.data.items.length === 0 ? (
          show ? (
            <EmptyState
              icon={Landmark}
              title="No valuation matches"
              description="None of your valuations has this status. Choose another, or show all."
            />
          ) : (
            <EmptyState
              icon={Landmark}
              title="No reliance recorded yet"
              description="Record the valuations your loans rely on, and ValuSeal keeps them here with their standing."
              action={recordLink}
            />
          )
        ) : (
          <>
            <ul aria-label="Watched valuations">
              {portfolio.data.items.map((watch) => (
                <WatchedItem key={watch.id} watch={watch} />
              ))}
            </ul>
            <Pagination
              label="Portfolio pages"
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
