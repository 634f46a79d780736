import { useState, type FormEvent } from "react";
import { PROPERTY_TYPES } from "../../../../schema/limits";
import { Button } from "../../../components/ui/button";
import { InputField, SelectField } from "../../../components/ui/field";
import type { CodeFilters } from "../api/list-codes";

export const NO_FILTERS: CodeFilters = { search: "", propertyType: "", date: "" };

interface Props {
  applied: CodeFilters;
  onApply: (filters: CodeFilters) => void;
}

/** History filters: address search, property type (All + the five), a date, and Search. */
export function HistoryFilters({ applied, onApply }: Props) {
  const [draft, setDraft] = useState(applied);
  const set = (name: keyof CodeFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const active = Object.values(applied).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  };

  return (
    <form
      role="search"
      aria-label="Filter QR codes"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <InputField
        label="Search by property address"
        type="search"
        placeholder="e.g. Westlands"
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
      <InputField label="Valuation Date" type="date" value={draft.date} onChange={set("date")} />
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
