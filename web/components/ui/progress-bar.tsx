import { cn } from "#web/lib/cn.ts";

/** Long work's progress: a bar that screen readers announce as `label`, `done` of `total`. */
export function ProgressBar({
  label,
  done,
  total,
  className,
}: {
  label: string;
  done: number;
  total: number;
  className?: string;
}) {
  const share = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className={cn("space-y-1", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-slate-600">
        {label}: {done} of {total}
      </p>
    </div>
  );
}
