import { payableByMpesa, pricePerCode } from "#schema/limits/billing.ts";
import { purchasePath } from "#schema/app-paths.ts";
import { CreditCard, Download, Receipt, Smartphone } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Billing, CreditEntry, PackPrice, Purchase } from "#schema/responses/index.ts";
import { formatMinorUnits } from "#schema/money.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ExportButton } from "#web/components/ui/export-button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { downloadBlob } from "#web/lib/download.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useSession } from "#web/lib/session.ts";
import { useMutation } from "@tanstack/react-query";
import { downloadLedger, downloadReceipt, useBilling, useStartPurchase } from "../api/billing";
import { CREDIT_ENTRY_LABELS, changeText, creditsText } from "../texts";
import { BillingDetailsForm } from "./billing-details-form";
import { MpesaPayForm } from "./mpesa-forms";

/** "KSh 5,000.00 + VAT KSh 800.00". */
const priceLine = (pack: PackPrice) =>
  `${formatMinorUnits(pack.netMinor, pack.currency)} + VAT ${formatMinorUnits(pack.vatMinor, pack.currency)}`;

/** A pack on sale: bought by card (Stripe Checkout) and, in whole shillings, with M-Pesa. */
function PackCard({
  pack,
  canBuy,
  byCard,
  byMpesa,
  onMpesa,
}: {
  pack: PackPrice;
  canBuy: boolean;
  byCard: boolean;
  byMpesa: boolean;
  onMpesa: () => void;
}) {
  const showFailure = useFailureToast();
  const start = useStartPurchase();
  const buy = () =>
    start.mutate(
      { credits: pack.credits as 10 | 50 | 200 },
      {
        // Checkout is Stripe's page: the browser goes there, and comes back to the purchase's page.
        onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
        onError: (error) => showFailure("The payment page could not be opened", error),
      },
    );
  const perCode = formatMinorUnits(pricePerCode(pack), pack.currency);
  return (
    <Card className="flex flex-col gap-2 p-4">
      <p className="text-lg font-semibold text-slate-900">{pack.credits} codes</p>
      <p className="text-sm text-slate-600">{perCode} a code</p>
      <p className="text-sm text-slate-700">{priceLine(pack)}</p>
      <p className="font-medium text-slate-900">Total {formatMinorUnits(pack.totalMinor, pack.currency)}</p>
      <div className="mt-auto flex flex-col gap-2">
        {byMpesa && (
          <Button disabled={!canBuy} onClick={onMpesa} aria-label={`Pay ${pack.credits} credits with M-Pesa`}>
            <Smartphone aria-hidden="true" />
            Pay with M-Pesa
          </Button>
        )}
        {byCard && (
          <Button
            variant={byMpesa ? "secondary" : "primary"}
            disabled={!canBuy || start.isPending || start.isSuccess}
            onClick={buy}
            aria-label={`Buy ${pack.credits} credits`}
          >
            <CreditCard aria-hidden="true" />
            {start.isPending || start.isSuccess ? "Opening payment..." : byMpesa ? "Pay by card" : "Buy"}
          </Button>
        )}
      </div>
    </Card>
  );
}

function BuyCredits({ billing }: { billing: Billing }) {
  const { isOwner } = useSession();
  const [editingDetails, setEditingDetails] = useState(false);
  const [mpesaPack, setMpesaPack] = useState<PackPrice | null>(null);
  if (!billing.cardPayments && !billing.mpesaPayments) {
    return (
      <SectionCard title="Buy credits">
        <p className="text-sm text-slate-700">
          Payments are not set up on this server. Contact ValuSeal to buy credits.
        </p>
      </SectionCard>
    );
  }
  const byMpesa = (pack: PackPrice) => billing.mpesaPayments && payableByMpesa(pack);
  const needsDetails = !billing.detailsComplete;
  return (
    <SectionCard
      title="Buy credits"
      description="One credit pays for one code. Prices exclude VAT, which is added and shown on your receipt."
    >
      {!isOwner && <p className="text-sm text-slate-700">Only your firm's owner can buy credits.</p>}
      {isOwner && (needsDetails || editingDetails) ? (
        <div className="space-y-3">
          {needsDetails && (
            <p className="text-sm text-slate-700">
              Before your first purchase, tell us who your receipts (tax invoices) are made out to.
            </p>
          )}
          <BillingDetailsForm
            details={billing.details}
            currency={billing.currency}
            onSaved={() => setEditingDetails(false)}
          />
        </div>
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Packs of credits">
            {billing.packs
              .filter((pack) => billing.cardPayments || byMpesa(pack))
              .map((pack) => (
                <li key={pack.credits} className="flex">
                  <PackCard
                    pack={pack}
                    canBuy={isOwner}
                    byCard={billing.cardPayments}
                    byMpesa={byMpesa(pack)}
                    onMpesa={() => setMpesaPack(pack)}
                  />
                </li>
              ))}
          </ul>
          {mpesaPack && <MpesaPayForm key={mpesaPack.credits} pack={mpesaPack} onCancel={() => setMpesaPack(null)} />}
          {billing.details && (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
              <p>
                Receipts are made out to {billing.details.legalName}
                {billing.details.kraPin ? `, KRA PIN ${billing.details.kraPin}` : ""}.
              </p>
              {isOwner && (
                <Button variant="link" onClick={() => setEditingDetails(true)}>
                  Change billing details
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}

function ReceiptButton({ purchase }: { purchase: Purchase }) {
  const showFailure = useFailureToast();
  const download = useMutation({
    mutationFn: () => downloadReceipt(purchase.receiptId!),
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName ?? `ValuSeal receipt ${purchase.receiptNumber}.pdf`),
    onError: (error) => showFailure("The receipt could not be downloaded", error),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`Download receipt ${purchase.receiptNumber}`}
    >
      <Download aria-hidden="true" />
      {download.isPending ? "Downloading..." : purchase.receiptNumber}
    </Button>
  );
}

function Purchases({ purchases }: { purchases: Purchase[] }) {
  return (
    <SectionCard title="Purchases and receipts">
      {purchases.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No purchases yet"
          description="Receipts for the credits you buy appear here."
        />
      ) : (
        <Table caption="Purchases" stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell>Credits</TableHeaderCell>
              <TableHeaderCell>Total</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Receipt</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {purchases.map((purchase) => (
              <TableRow key={purchase.id}>
                <TableCell label="Date">
                  <Link className="text-brand-700 underline" to={purchasePath(purchase.id)}>
                    {formatDateTime(purchase.createdAt)}
                  </Link>
                </TableCell>
                <TableCell label="Credits">{purchase.credits}</TableCell>
                <TableCell label="Total">{formatMinorUnits(purchase.totalMinor, purchase.currency)}</TableCell>
                <TableCell label="Status">
                  <StatusBadge status={`purchase-${purchase.status}`} />
                </TableCell>
                <TableCell label="Receipt">
                  {purchase.receiptId ? <ReceiptButton purchase={purchase} /> : "—"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

function Ledger({ ledger, onPageChange }: { ledger: Billing["ledger"]; onPageChange: (page: number) => void }) {
  return (
    <SectionCard
      title="Credit ledger"
      description="Every change to your credits, newest first."
      actions={
        ledger.total > 0 ? <ExportButton download={downloadLedger} fallbackName="valuseal-credits.csv" /> : undefined
      }
    >
      {ledger.items.length === 0 ? (
        <EmptyState icon={CreditCard} title="No credits yet" description="Your trial and purchases appear here." />
      ) : (
        <>
          <Table caption="Credit ledger" stackOnPhone>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Date</TableHeaderCell>
                <TableHeaderCell>What</TableHeaderCell>
                <TableHeaderCell>Change</TableHeaderCell>
                <TableHeaderCell>Balance after</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ledger.items.map((entry: CreditEntry) => (
                <TableRow key={entry.id}>
                  <TableCell label="Date">{formatDateTime(entry.createdAt)}</TableCell>
                  <TableCell label="What">
                    {entry.codeId ? (
                      <Link className="text-brand-700 underline" to={`/qr/${entry.codeId}`}>
                        {CREDIT_ENTRY_LABELS[entry.kind]}
                      </Link>
                    ) : (
                      CREDIT_ENTRY_LABELS[entry.kind]
                    )}
                    {entry.reason && <span className="block text-xs text-slate-600">{entry.reason}</span>}
                  </TableCell>
                  <TableCell label="Change" className="tabular-nums">
                    {changeText(entry.credits)}
                  </TableCell>
                  <TableCell label="Balance after" className="tabular-nums">
                    {entry.balanceAfter}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={ledger.page}
            pageSize={ledger.pageSize}
            total={ledger.total}
            onPageChange={onPageChange}
            label="Credit ledger pages"
          />
        </>
      )}
    </SectionCard>
  );
}

/**
 * /billing: the firm's credits. Every member sees the balance, the purchases with their receipts
 * and the ledger; the owner buys packs (Stripe Checkout) and keeps the receipts' details.
 */
export function BillingPage() {
  const [page, setPage] = useState(1);
  const billing = useBilling(page);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <PageTitle>Billing</PageTitle>
        <p className="mt-1 text-sm text-slate-600">
          Credits pay for codes: one credit, one code. Scans and checks are free.
        </p>
      </header>
      <QueryContent query={billing} loadingLabel="Loading billing..." failureTitle="Failed to load billing">
        {(data) => (
          <>
            <Card className="p-4 sm:p-6">
              <p className="text-sm font-medium text-slate-600">Balance</p>
              <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums" data-testid="credit-balance">
                {creditsText(data.balance)}
              </p>
              {data.balance === 0 && (
                <p className="mt-1 text-sm text-red-700">Buy credits to generate your next code.</p>
              )}
            </Card>
            <BuyCredits billing={data} />
            <Purchases purchases={data.purchases} />
            <Ledger ledger={data.ledger} onPageChange={setPage} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
