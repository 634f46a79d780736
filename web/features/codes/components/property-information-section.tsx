import { Controller, type UseFormReturn } from "react-hook-form";
import { BUILDING_SIZE_UNITS, LAND_SIZE_UNITS, PROPERTY_TYPES } from "#schema/limits/codes.ts";
import { MOTOR_VEHICLE } from "#schema/validation/qr-codes.ts";
import { bound, InputField, SelectField, TextareaField } from "#web/components/ui/field.tsx";
import type { CodeFormValues } from "../lib/code-form";
import { FormSection } from "./form-section";
import { LocationField } from "./location-field";

type Form = UseFormReturn<CodeFormValues, unknown, unknown>;

/** A size and its unit side by side; the unit's label names the size for screen readers. */
function SizeWithUnit({
  form,
  label,
  size,
  unit,
  units,
}: {
  form: Form;
  label: string;
  size: "propertySize" | "landSize";
  unit: "propertySizeUnit" | "landSizeUnit";
  units: readonly string[];
}) {
  return (
    <div className="grid grid-cols-[1fr_7.5rem] gap-2">
      <InputField label={label} inputMode="decimal" placeholder="Optional" {...bound(form, size)} />
      <SelectField
        label={
          <>
            <span className="sr-only">{label} </span>Unit
          </>
        }
        {...form.register(unit)}
      >
        {units.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/**
 * A Motor Vehicle has no location or sizes, and its reference is the required
 * "Vehicle Reference Number"; every other type needs the location.
 */
export function PropertyInformationSection({ form }: { form: Form }) {
  const vehicle = form.watch("propertyType") === MOTOR_VEHICLE;
  return (
    <FormSection title="Property Information">
      <SelectField label="Property Type" required {...bound(form, "propertyType")}>
        <option value="">Select property type</option>
        {PROPERTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      {!vehicle && (
        <Controller
          control={form.control}
          name="propertyAddress"
          render={({ field, fieldState }) => (
            <LocationField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <InputField
        label={vehicle ? "Vehicle Reference Number" : "Property Reference"}
        required={vehicle}
        placeholder={vehicle ? "e.g. KDA 123A" : "Optional, e.g. your report number"}
        {...bound(form, "propertyReference")}
      />
      <TextareaField
        label={vehicle ? "Vehicle Description" : "Property Description"}
        rows={3}
        placeholder={vehicle ? "Make, model, year, colour" : "Optional short description"}
        {...bound(form, "propertyArea")}
      />
      {!vehicle && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SizeWithUnit
            form={form}
            label="Building Size"
            size="propertySize"
            unit="propertySizeUnit"
            units={BUILDING_SIZE_UNITS}
          />
          <SizeWithUnit form={form} label="Land Size" size="landSize" unit="landSizeUnit" units={LAND_SIZE_UNITS} />
        </div>
      )}
    </FormSection>
  );
}
