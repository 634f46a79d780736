import type { ReactNode } from "react";
import { Card } from "./card";
import { Spinner } from "./spinner";

/**
 * One dashboard number with its label. While loading it shows a spinner that screen readers
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
        <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="stat-value">
          {isLoading ? (
            <>
              <Spinner />
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
        <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-blue-50 text-lg">
          {icon}
        </span>
      )}
    </Card>
  );
}
