import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { CREDIT_PACKS } from "#schema/limits/billing.ts";
import { CURRENCIES } from "#schema/limits/codes.ts";
import { formatMinorUnits } from "#schema/money.ts";
import { newPriceSchema, type NewPrice, type NewPriceInput } from "#schema/validation/billing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField, SelectField } from "#web/components/ui/field.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDate, formatDateTime } from "#web/lib/format.ts";
import { Receipt } from "lucide-react";
import { useAdminBilling, useSetPrice } from "../api/billing";
import { MpesaReviews } from "./mpesa-reviews";

type Overview = NonNullable<ReturnType<typeof useAdminBilling>["data"]>;

function NewPriceForm() {
  const setPrice = useSetPrice();
  const form = useForm<NewPriceInput, unknown, NewPrice>({
    resolver: zodResolver(newPriceSchema),
    defaultValues: { credits: 10, currency: "KES", amount: "", effectiveFrom: new Date().toISOString().slice(0, 10) },
  });
  const showFailure = useFormFailure(form.setError, ["credits", "currency", "amount", "effectiveFrom"]);
  // Checked here with the server's schema; sent as typed (the server reads the amount itself).
  const submit = form.handleSubmit(() => {
    const typed = form.getValues();
    setPrice.mutate(typed, {
      onSuccess: () => form.reset({ ...typed, amount: "" }),
      onError: (error) => showFailure("Failed to set the price", error),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-5">
      <SelectField label="Pack" {...bound(form, "credits", { valueAsNumber: true })}>
        {CREDIT_PACKS.map((pack) => (
          <option key={pack} value={pack}>
            {pack} credits
          </option>
        ))}
      </SelectField>
      <SelectField label="Currency" {...bound(form, "currency")}>
        {CURRENCIES.map((currency) => (
          <option key={currency}>{currency}</option>
        ))}
      </SelectField>
      <InputField label="Price excluding VAT" inputMode="decimal" {...bound(form, "amount")} />
      <InputField label="From" type="date" {...bound(form, "effectiveFrom")} />
      <div className="flex items-end">
        <Button type="submit" className="w-full" disabled={setPrice.isPending}>
          {setPrice.isPending ? "Setting..." : "Set price"}
        </Button>
      </div>
    </form>
  );
}

function PriceList({ prices }: { prices: Overview["prices"] }) {
  return (
    <SectionCard
      title="Price list"
      description="Prices exclude VAT. A new price applies from its day on; purchases keep the price they were made at."
    >
      <NewPriceForm />
      <Table caption="Prices, newest first for each pack" stackOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Pack</TableHeaderCell>
            <TableHeaderCell>Price</TableHeaderCell>
            <TableHeaderCell>From</TableHeaderCell>
            <TableHeaderCell>Charged now</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {prices.map((price) => (
            <TableRow key={price.id}>
              <TableCell label="Pack">
                {price.credits} credits, {price.currency}
              </TableCell>
              <TableCell label="Price">{formatMinorUnits(price.netMinor, price.currency)}</TableCell>
              <TableCell label="From">{formatDateTime(price.effectiveFrom)}</TableCell>
              <TableCell label="Charged now">{price.current ? "Yes" : "No"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}

function Purchases({ purchases, stalePending }: { purchases: Overview["purchases"]; stalePending: number }) {
  return (
    <SectionCard
      title="Purchases"
      description={
        stalePending > 0
          ? `${stalePending} pending for over an hour: look the payment up in the provider's dashboard.`
          : "The latest 50, newest first."
      }
    >
      {purchases.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No purchases yet"
          description="Firms' card and M-Pesa payments appear here."
        />
      ) : (
        <Table caption="Purchases" stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell>Firm</TableHeaderCell>
              <TableHeaderCell>Credits</TableHeaderCell>
              <TableHeaderCell>Total</TableHeaderCell>
              <TableHeaderCell>Paid by</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {purchases.map((purchase) => (
              <TableRow key={purchase.id}>
                <TableCell label="Date">{formatDateTime(purchase.createdAt)}</TableCell>
                <TableCell label="Firm">{purchase.companyName ?? `Company #${purchase.companyId}`}</TableCell>
                <TableCell label="Credits">{purchase.credits}</TableCell>
                <TableCell label="Total">{formatMinorUnits(purchase.totalMinor, purchase.currency)}</TableCell>
                <TableCell label="Paid by">{purchase.provider === "mpesa" ? "M-Pesa" : "Card"}</TableCell>
                <TableCell label="Status">
                  <StatusBadge status={`purchase-${purchase.status}`} />
                  {purchase.needsReview ? (
                    <span className="ml-2 text-xs font-medium text-amber-800">Needs review</span>
                  ) : (
                    purchase.stale && <span className="ml-2 text-xs font-medium text-red-700">Over an hour</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

function Revenue({ revenue }: { revenue: Overview["revenue"] }) {
  return (
    <SectionCard title="Revenue" description="Card payments received per month (UTC), VAT included.">
      {revenue.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <Table caption="Revenue per month and currency" stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Month</TableHeaderCell>
              <TableHeaderCell>Received</TableHeaderCell>
              <TableHeaderCell>Of which VAT</TableHeaderCell>
              <TableHeaderCell>Purchases</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revenue.map((row) => (
              <TableRow key={`${row.month}-${row.currency}`}>
                <TableCell label="Month">{formatDate(`${row.month}-01T00:00:00Z`).replace(/^1 /, "")}</TableCell>
                <TableCell label="Received">{formatMinorUnits(row.paidMinor, row.currency)}</TableCell>
                <TableCell label="Of which VAT">{formatMinorUnits(row.vatMinor, row.currency)}</TableCell>
                <TableCell label="Purchases">{row.purchases}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

/** /admin/billing: revenue, the latest purchases (stuck ones flagged) and the price list. */
export function AdminBilling() {
  const billing = useAdminBilling();
  return (
    <QueryContent query={billing} loadingLabel="Loading billing..." failureTitle="Failed to load billing">
      {(overview) => (
        <div className="space-y-6">
          <MpesaReviews reviews={overview.mpesaReviews} />
          <Revenue revenue={overview.revenue} />
          <Purchases purchases={overview.purchases} stalePending={overview.stalePending} />
          <PriceList prices={overview.prices} />
        </div>
      )}
    </QueryContent>
  );
}
