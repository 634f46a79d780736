import type { ReactNode } from "react";
import { Card } from "./card";
import { Skeleton } from "./skeleton";

/**
 * One dashboard number with its label. While loading it shows a placeholder that screen readers
 * hear as "Loading"; a failed load shows a dash rather than a misleading 0.
 */
export function StatCard({
  label,
  value,
  isLoading = false,
  icon,
}: {
  label: string;
  value: number | string | undefined;
  isLoading?: boolean;
  icon?: ReactNode;
}) {
  return (
    <Card className="flex items-center justify-between gap-3 p-4 sm:p-5" aria-busy={isLoading}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="stat-value">
          {isLoading ? (
            <>
              <Skeleton className="my-1 h-7 w-16" />
              <span className="sr-only">Loading</span>
            </>
          ) : typeof value === "number" ? (
            value.toLocaleString("en-GB")
          ) : (
            (value ?? "—")
          )}
        </p>
      </div>
      {icon && (
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-control bg-brand-50 text-brand-700 [&_svg]:size-5"
        >
          {icon}
        </span>
      )}
    </Card>
  );
}
