import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { CURRENCIES, type Currency } from "#schema/limits/codes.ts";
import type { BillingDetails } from "#schema/responses/index.ts";
import { billingDetailsSchema, type BillingDetailsInput } from "#schema/validation/billing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField, SelectField, TextareaField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useSaveBillingDetails } from "../api/billing";

const CURRENCY_LABELS: Record<Currency, string> = { KES: "Kenyan shillings (KES)", USD: "US dollars (USD)" };

/**
 * The owner's billing details, asked once before the first purchase: every receipt (a tax
 * invoice) is made out to this name, address and KRA PIN, and prices are shown in this currency.
 */
export function BillingDetailsForm({
  details,
  currency,
  onSaved,
}: {
  details: BillingDetails | null;
  currency: Currency;
  onSaved?: () => void;
}) {
  const toast = useToast();
  const save = useSaveBillingDetails();
  const form = useForm<BillingDetailsInput>({
    resolver: zodResolver(billingDetailsSchema),
    defaultValues: {
      legalName: details?.legalName ?? "",
      postalAddress: details?.postalAddress ?? "",
      kraPin: details?.kraPin ?? "",
      currency: details?.currency ?? currency,
    },
  });
  const showFailure = useFormFailure(form.setError, ["legalName", "postalAddress", "kraPin", "currency"]);
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast({ title: "Billing details saved", description: "Your receipts are made out to them." });
        form.reset({ ...saved, kraPin: saved.kraPin ?? "" });
        onSaved?.();
      },
      onError: (error) => showFailure("Failed to save the billing details", error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Registered name"
        required
        autoComplete="organization"
        hint="As on your certificate of incorporation or business registration"
        {...bound(form, "legalName")}
      />
      <TextareaField
        label="Postal address"
        required
        rows={3}
        autoComplete="street-address"
        {...bound(form, "postalAddress")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="KRA PIN"
          autoCapitalize="characters"
          hint="Like P051234567X. Needed on a tax invoice for a firm in Kenya."
          {...bound(form, "kraPin")}
        />
        <SelectField label="Currency" {...bound(form, "currency")}>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {CURRENCY_LABELS[code]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save billing details"}
        </Button>
      </div>
    </form>
  );
}
