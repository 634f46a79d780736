import { useEffect, useState } from "react";
import { InputField } from "../../../components/ui/field";

const SEARCH_DELAY_MS = 300;

/** A search box that reports what was typed once typing pauses, so each keystroke is not a request. */
export function ListSearch({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch: (search: string) => void;
}) {
  const [value, setValue] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => onSearch(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <InputField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      containerClassName="w-full sm:max-w-sm"
    />
  );
}
