import { cn } from "#web/lib/cn.ts";

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent",
        className,
      )}
    />
  );
}

/** The protected-route placeholder while the session loads: a centred spinner with the text Loading. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600">
      <Spinner className="h-8 w-8" />
      <span>Loading</span>
    </div>
  );
}

/** A list or section still loading: a spinner beside a short text, announced politely. */
export function InlineLoading({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 py-10 text-slate-600", className)}>
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
