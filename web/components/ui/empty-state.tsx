import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

/** What a list shows when it has nothing in it: an icon for what the list holds, the spec's text, an optional hint and action. */
export function EmptyState({
  title,
  description,
  action,
  icon: Icon,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: LucideIcon;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center gap-2 px-4 py-10 text-center", className)}>
      {Icon && (
        <span
          aria-hidden="true"
          className="mb-1 grid size-11 place-items-center rounded-full bg-slate-100 text-slate-500"
        >
          <Icon className="size-5" />
        </span>
      )}
      <p className="font-medium text-slate-800">{title}</p>
      {description && <p className="max-w-md text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
