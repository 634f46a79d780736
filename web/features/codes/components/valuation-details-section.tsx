import type { ChangeEvent } from "react";
import type { UseFormReturn } from "react-hook-form";
import { CURRENCIES, DATE_INPUT_MAX } from "../../../../schema/limits";
import type { Json, Valuer } from "../../../../schema/responses";
import { InputField, SelectField } from "../../../components/ui/field";
import { formatDigitsWithSeparators, maskDayMonthYear } from "../../../lib/format";
import { marketValueDigits, type CodeFormValues } from "../lib/code-form";
import { FormSection } from "./form-section";

type Form = UseFormReturn<CodeFormValues, unknown, unknown>;

/** A registered text input whose typed text is rewritten (masked) before the form sees it. */
function maskedField(form: Form, name: "valuationDate" | "marketValue", mask: (text: string) => string) {
  const field = form.register(name);
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return field.onChange(event);
    },
  };
}

const maskMarketValue = (text: string) => formatDigitsWithSeparators(marketValueDigits(text));

/** The DD/MM/YYYY date mask, digits-only market value with separators, currency, signer. */
export function ValuationDetailsSection({ form, valuers }: { form: Form; valuers: Json<Valuer>[] }) {
  const { errors } = form.formState;
  return (
    <FormSection title="Valuation Details">
      <InputField
        label="Valuation Date"
        required
        inputMode="numeric"
        placeholder="DD/MM/YYYY"
        hint="DD/MM/YYYY"
        maxLength={DATE_INPUT_MAX}
        autoComplete="off"
        error={errors.valuationDate?.message}
        {...maskedField(form, "valuationDate", maskDayMonthYear)}
      />
      <div className="grid grid-cols-[1fr_7.5rem] gap-2">
        <InputField
          label="Market Value"
          required
          inputMode="numeric"
          autoComplete="off"
          error={errors.marketValue?.message}
          {...maskedField(form, "marketValue", maskMarketValue)}
        />
        <SelectField label="Currency" {...form.register("currency")}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label="Signing Valuer" required error={errors.valuerId?.message} {...form.register("valuerId")}>
        <option value="">Select signing valuer</option>
        {valuers.map((valuer) => (
          <option key={valuer.id} value={valuer.id}>
            {valuer.qualification ? `${valuer.name} (${valuer.qualification})` : valuer.name}
          </option>
        ))}
      </SelectField>
    </FormSection>
  );
}
