import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

const LOOKS = {
  /** Settings sections: a plain two-column list. */
  plain: { list: "gap-4", term: "text-sm font-medium text-slate-500", value: "mt-1 break-words text-slate-900" },
  /** Dialogs: a compact grey panel. */
  panel: {
    list: "gap-3 rounded-md bg-slate-50 p-4 text-sm",
    term: "text-slate-500",
    value: "font-medium text-slate-900 wrap-anywhere",
  },
} as const;

/** Read-only label/value pairs, two columns from the sm breakpoint; a blank value reads "N/A". */
export function DetailList({
  rows,
  look = "plain",
}: {
  rows: [label: string, value: ReactNode][];
  look?: keyof typeof LOOKS;
}) {
  const classes = LOOKS[look];
  return (
    <dl className={cn("grid sm:grid-cols-2", classes.list)}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className={classes.term}>{label}</dt>
          <dd className={classes.value}>{value || "N/A"}</dd>
        </div>
      ))}
    </dl>
  );
}
