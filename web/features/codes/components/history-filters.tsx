import { useState, type FormEvent } from "react";
import { DATE_INPUT_MAX } from "#schema/limits.ts";
import { PROPERTY_TYPES, VALUATION_PURPOSES, type CodeStatusName } from "#schema/limits/codes.ts";
import { parseValuationDate } from "#schema/validation/qr-codes.ts";
import { Button } from "#web/components/ui/button.tsx";
import { InputField, SelectField } from "#web/components/ui/field.tsx";
import { maskDayMonthYear } from "#web/lib/format.ts";
import type { CodeFilters } from "../api/list-codes";

const NO_FILTERS: CodeFilters = { search: "", propertyType: "", date: "", purpose: "", status: "" };

/** The status filter's choices, in the badges' words. */
const STATUS_OPTIONS: [CodeStatusName, string][] = [
  ["valid", "Valid"],
  ["expired", "Expired"],
  ["revoked", "Revoked"],
  ["superseded", "Superseded"],
];

interface Props {
  applied: CodeFilters;
  onApply: (filters: CodeFilters) => void;
}

/** History filters: address search, property type (All + the five), a date, purpose, status, and Search. */
export function HistoryFilters({ applied, onApply }: Props) {
  const [draft, setDraft] = useState(applied);
  const [dateError, setDateError] = useState<string>();
  const set = (name: keyof CodeFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const active = Object.values(applied).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rule the server applies; a half-typed date is caught here rather than answered with a 400.
    if (draft.date && !parseValuationDate(draft.date)) {
      setDateError("Enter a real date as DD/MM/YYYY");
      return;
    }
    setDateError(undefined);
    onApply({ ...draft, search: draft.search.trim() });
  };

  return (
    <form
      role="search"
      aria-label="Filter QR codes"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <InputField
        label="Search by address, reference or verification code"
        type="search"
        placeholder="e.g. Westlands or VS-7K3M-9Q2P-4H"
        value={draft.search}
        onChange={set("search")}
      />
      <SelectField label="Property Type" value={draft.propertyType} onChange={set("propertyType")}>
        <option value="">All</option>
        {PROPERTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      {/* Typed as DD/MM/YYYY like every date in the app: a date picker would show the browser's own order. */}
      <InputField
        label="Valuation Date"
        inputMode="numeric"
        placeholder="DD/MM/YYYY"
        maxLength={DATE_INPUT_MAX}
        autoComplete="off"
        value={draft.date}
        error={dateError}
        onChange={(event) => set("date")({ target: { value: maskDayMonthYear(event.target.value) } })}
      />
      <SelectField label="Purpose" value={draft.purpose} onChange={set("purpose")}>
        <option value="">All</option>
        {VALUATION_PURPOSES.map((purpose) => (
          <option key={purpose} value={purpose}>
            {purpose}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" value={draft.status} onChange={set("status")}>
        <option value="">All</option>
        {STATUS_OPTIONS.map(([status, label]) => (
          <option key={status} value={status}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1 lg:flex-none">
          Search
        </Button>
        {active && (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
