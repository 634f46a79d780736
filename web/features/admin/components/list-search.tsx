import { InputField } from "#web/components/ui/field.tsx";

/** The search box above an admin table. */
export function ListSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <InputField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      containerClassName="w-full sm:max-w-sm"
    />
  );
}
