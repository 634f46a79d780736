import { useId, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * Below the sm breakpoint each row becomes a small card: the header row is kept for screen readers
 * only, the first cell is the card's title, and every other cell shows its column name (the cell's
 * `label`) beside its value.
 */
const STACKED_ON_PHONE = cn(
  "max-sm:[&_thead]:sr-only max-sm:[&_tr]:block max-sm:[&_tr]:px-4 max-sm:[&_tr]:py-3",
  "max-sm:[&_td]:flex max-sm:[&_td]:min-h-8 max-sm:[&_td]:items-center max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:px-0 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right",
  "max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:text-left max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-medium max-sm:[&_td]:before:uppercase max-sm:[&_td]:before:text-slate-500 max-sm:[&_td]:before:content-[attr(data-label)]",
  "max-sm:[&_td:first-child]:block max-sm:[&_td:first-child]:pb-2 max-sm:[&_td:first-child]:text-left max-sm:[&_td:first-child]:before:hidden",
);

/**
 * A data table that scrolls sideways on narrow phones instead of squeezing its columns, or, with
 * `stackOnPhone`, shows each row as a card there. The caption names the table for screen readers
 * (visually hidden unless shown). The scrolling box is a named group that takes keyboard focus,
 * so keyboard users can scroll it with the arrow keys.
 */
export function Table({
  caption,
  showCaption = false,
  stackOnPhone = false,
  className,
  children,
}: {
  caption: ReactNode;
  showCaption?: boolean;
  stackOnPhone?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      role="group"
      aria-labelledby={captionId}
      tabIndex={0}
      className={cn(
        "relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      <table className={cn("w-full border-collapse text-left text-sm", stackOnPhone && STACKED_ON_PHONE)}>
        <caption id={captionId} className={showCaption ? "mb-2 text-left text-sm text-slate-600" : "sr-only"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50", className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("align-middle", className)} {...props} />;
}

export function TableHeaderCell({ className, scope = "col", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        "whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600",
        className,
      )}
      {...props}
    />
  );
}

/** `label` is the column name shown beside the value when a `stackOnPhone` table is stacked. */
export function TableCell({ className, label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return <td data-label={label} className={cn("px-4 py-3 text-slate-800", className)} {...props} />;
}
