import { useState, type Ref } from "react";
import { LOCATION_QUERY_MIN, LOCATION_SUGGESTIONS_LIMIT } from "#schema/limits/codes.ts";
import { Combobox } from "#web/components/ui/combobox.tsx";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { useLocationSuggestions } from "../api/search-locations";

const TYPING_PAUSE_MS = 250;

interface Props {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
}

/** Property Location with suggestions while typing; anything typed is kept as written. */
export function LocationField({ value, onChange, onBlur, name, inputRef, error }: Props) {
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(value.trim(), TYPING_PAUSE_MS);
  const suggestions = useLocationSuggestions(open ? query : "");
  const options =
    open && query.length >= LOCATION_QUERY_MIN ? (suggestions.data ?? []).slice(0, LOCATION_SUGGESTIONS_LIMIT) : [];
  return (
    <Combobox
      label="Property Location"
      required
      error={error}
      hint="Start typing a town, area or street"
      placeholder="e.g. Westlands, Nairobi, Kenya"
      name={name}
      inputRef={inputRef}
      text={value}
      onTextChange={onChange}
      onBlur={onBlur}
      onOpenChange={setOpen}
      options={options}
      optionKey={(place) => place.name}
      optionLabel={(place) => place.name}
      onChoose={(place) => onChange(place.name)}
      listLabel="Location suggestions"
    />
  );
}
