import { useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { cn } from "#web/lib/cn.ts";
import { Field } from "./field";

interface ComboboxProps<Option> {
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The text in the box. */
  text: string;
  /** Typing: the caller turns the text into `options` (usually through a debounced query). */
  onTextChange: (text: string) => void;
  onBlur?: () => void;
  /** Whether the list is wanted: the caller need not look anything up while it is closed. */
  onOpenChange?: (open: boolean) => void;
  options: readonly Option[];
  optionKey: (option: Option) => string;
  optionLabel: (option: Option) => string;
  onChoose: (option: Option) => void;
  /** Names the list for screen readers, e.g. "Location suggestions". */
  listLabel: string;
  /** Show the list as soon as the box takes focus (a choice among known items), not only once typing starts. */
  openOnFocus?: boolean;
}

/**
 * A text box with a list of suggestions under it: an ARIA 1.2 combobox. Arrow keys move through the
 * list, Enter picks, Escape closes; focus stays in the box throughout, so a click on an option is not
 * a blur that closes the list first.
 */
export function Combobox<Option>({
  label,
  hint,
  error,
  required,
  placeholder,
  disabled,
  name,
  inputRef,
  text,
  onTextChange,
  onBlur,
  onOpenChange,
  options,
  optionKey,
  optionLabel,
  onChoose,
  listLabel,
  openOnFocus = false,
}: ComboboxProps<Option>) {
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const shown = open ? options : [];
  const expanded = shown.length > 0;

  const choose = (option: Option) => {
    onChoose(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (!shown.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + shown.length) % shown.length);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(shown[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <div className="relative">
          <input
            ref={inputRef}
            {...control}
            name={name}
            value={text}
            disabled={disabled}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={`${control.id}-listbox`}
            aria-activedescendant={expanded && active >= 0 ? `${control.id}-option-${active}` : undefined}
            autoComplete="off"
            placeholder={placeholder}
            onChange={(event) => {
              onTextChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={openOnFocus ? () => setOpen(true) : undefined}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              onBlur?.();
            }}
          />
          <ul
            id={`${control.id}-listbox`}
            role="listbox"
            aria-label={listLabel}
            hidden={!expanded}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {shown.map((option, index) => (
              <li
                key={optionKey(option)}
                id={`${control.id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={cn(
                  "cursor-pointer px-3 py-2 text-sm text-slate-800",
                  index === active ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50",
                )}
              >
                {optionLabel(option)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Field>
  );
}
