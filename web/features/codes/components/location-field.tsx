import { useState, type KeyboardEvent, type Ref } from "react";
import { LOCATION_QUERY_MIN, LOCATION_SUGGESTIONS_LIMIT } from "../../../../schema/limits";
import { Field } from "../../../components/ui/field";
import { cn } from "../../../lib/cn";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
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

/**
 * Property Location with suggestions while typing: an ARIA 1.2 combobox. Arrow keys
 * move through the list, Enter picks, Escape closes; typing anything else is kept as written.
 */
export function LocationField({ value, onChange, onBlur, name, inputRef, error }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value.trim(), TYPING_PAUSE_MS);
  const suggestions = useLocationSuggestions(open ? query : "");
  const options =
    open && query.length >= LOCATION_QUERY_MIN ? (suggestions.data ?? []).slice(0, LOCATION_SUGGESTIONS_LIMIT) : [];
  const expanded = options.length > 0;

  const choose = (place: string) => {
    onChange(place);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]!.name);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Field label="Property Location" required error={error} hint="Start typing a town, area or street">
      {(control) => (
        <div className="relative">
          <input
            ref={inputRef}
            {...control}
            name={name}
            value={value}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={`${control.id}-listbox`}
            aria-activedescendant={expanded && active >= 0 ? `${control.id}-option-${active}` : undefined}
            autoComplete="off"
            placeholder="e.g. Westlands, Nairobi, Kenya"
            onChange={(event) => {
              onChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              onBlur();
            }}
          />
          <ul
            id={`${control.id}-listbox`}
            role="listbox"
            aria-label="Location suggestions"
            hidden={!expanded}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {options.map((option, index) => (
              <li
                key={option.name}
                id={`${control.id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                // Keeps focus in the input so the click is not a blur that closes the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option.name)}
                className={cn(
                  "cursor-pointer px-3 py-2 text-sm text-slate-800",
                  index === active ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50",
                )}
              >
                {option.name}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Field>
  );
}
