import { cn } from "#web/lib/cn.ts";

/** A grey placeholder block with a gentle pulse, in the shape of the content that will replace it. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn("block h-4 animate-pulse rounded-control bg-slate-200/80", className)} />
  );
}

/**
 * A list or table still loading: placeholder rows in the list's own shape, so the page does not
 * jump when the data arrives. Screen readers hear the label (e.g. "Loading valuers...").
 */
export function SkeletonRows({ label, rows = 3, className }: { label: string; rows?: number; className?: string }) {
  return (
    <div role="status" className={cn("space-y-4 p-4 sm:p-6", className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-4">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="min-w-0 flex-1 space-y-2">
            <Skeleton className={index % 2 ? "w-2/5" : "w-3/5"} />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="hidden h-6 w-20 sm:block" />
        </div>
      ))}
    </div>
  );
}
