import type { ChangeEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import { DATE_INPUT_MAX, LIMITS } from "#schema/limits.ts";
import { CURRENCIES, VALUATION_PURPOSES } from "#schema/limits/codes.ts";
import type { Valuer } from "#schema/responses/index.ts";
import { REAL_ESTATE } from "#schema/validation/qr-codes.ts";
import { bound, InputField, SelectField } from "#web/components/ui/field.tsx";
import { formatDigitsWithSeparators, maskDayMonthYear } from "#web/lib/format.ts";
import { marketValueDigits, type CodeFormValues } from "../lib/code-form";
import { FormSection } from "./form-section";

type Form = UseFormReturn<CodeFormValues, unknown, unknown>;
type MaskedName = "valuationDate" | "inspectionDate" | "validUntil" | "marketValue" | "forcedSaleValue";

/** A registered text input whose typed text is rewritten (masked) before the form sees it. */
function maskedField(form: Form, name: MaskedName, mask: (text: string) => string) {
  const field = bound(form, name);
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return field.onChange(event);
    },
  };
}

const maskMoney = (text: string) => formatDigitsWithSeparators(marketValueDigits(text));

/** Every date in the form is typed the same way, DD/MM/YYYY, under the same mask. */
function DateField({
  form,
  name,
  label,
  required,
  hint = "DD/MM/YYYY",
}: {
  form: Form;
  name: "valuationDate" | "inspectionDate" | "validUntil";
  label: string;
  required?: boolean;
  hint?: string;
}) {
  return (
    <InputField
      label={label}
      required={required}
      inputMode="numeric"
      placeholder="DD/MM/YYYY"
      hint={hint}
      maxLength={DATE_INPUT_MAX}
      autoComplete="off"
      {...maskedField(form, name, maskDayMonthYear)}
    />
  );
}

interface Props {
  form: Form;
  valuers: Valuer[];
  /** The company's validity period in days, for the Valid Until hint; undefined while unknown. */
  validityDays?: number;
}

/**
 * Dates under the DD/MM/YYYY mask, money as digits with separators, currency, signer, and what a
 * lender checks: who the report is for, why, when the property was seen, the forced sale value,
 * how long it may be relied on and (for real estate) the title number.
 */
export function ValuationDetailsSection({ form, valuers, validityDays }: Props) {
  const realEstate = form.watch("propertyType") === REAL_ESTATE;
  const period = validityDays ? ` (${validityDays} days)` : "";
  return (
    <FormSection title="Valuation Details">
      <DateField form={form} name="valuationDate" label="Valuation Date" required />
      <div className="grid grid-cols-[1fr_7.5rem] gap-2">
        <InputField
          label="Market Value"
          required
          inputMode="numeric"
          autoComplete="off"
          {...maskedField(form, "marketValue", maskMoney)}
        />
        <SelectField label="Currency" {...form.register("currency")}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label="Signing Valuer" required {...bound(form, "valuerId")}>
        <option value="">Select signing valuer</option>
        {valuers.map((valuer) => (
          <option key={valuer.id} value={valuer.id}>
            {valuer.qualification ? `${valuer.name} (${valuer.qualification})` : valuer.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Prepared For"
          placeholder="Optional, e.g. the lending bank"
          maxLength={LIMITS.addressee}
          {...bound(form, "addressee")}
        />
        <SelectField label="Purpose" {...bound(form, "purpose")}>
          <option value="">—</option>
          {VALUATION_PURPOSES.map((purpose) => (
            <option key={purpose} value={purpose}>
              {purpose}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField form={form} name="inspectionDate" label="Inspection Date" hint="Optional, DD/MM/YYYY" />
        <InputField
          label="Forced Sale Value"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Optional"
          hint="In the market value's currency"
          {...maskedField(form, "forcedSaleValue", maskMoney)}
        />
      </div>
      <DateField
        form={form}
        name="validUntil"
        label="Valid Until"
        hint={`Leave empty for the valuation date plus your company's validity period${period}.`}
      />
      {realEstate && (
        <InputField
          label="Title Number"
          placeholder="e.g. LR No. 209/1234"
          maxLength={LIMITS.titleNumber}
          {...bound(form, "titleNumber")}
        />
      )}
    </FormSection>
  );
}
