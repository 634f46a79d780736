import { Switch as RadixSwitch } from "radix-ui";
import { cn } from "#web/lib/cn.ts";

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name: what is switched on or off (role switch announces the state). */
  label: string;
  /** A short word shown beside the switch (e.g. "Active"); the accessible name stays `label`, which contains it. */
  visibleText?: string;
  disabled?: boolean;
  className?: string;
}

/** An on/off toggle (role switch) for a single yes/no setting such as Active. */
export function Switch({ checked, onCheckedChange, label, visibleText, disabled, className }: SwitchProps) {
  const control = (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      aria-label={label}
      disabled={disabled}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "bg-green-600" : "bg-slate-300",
        className,
      )}
    >
      <RadixSwitch.Thumb
        className={cn(
          "block h-5 w-5 rounded-full bg-white shadow transition-transform",
          checked ? "translate-x-5" : "translate-x-0.5",
        )}
      />
    </RadixSwitch.Root>
  );
  if (!visibleText) return control;
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-700">
      {control}
      <span aria-hidden="true">{visibleText}</span>
    </span>
  );
}
