import { useId, type ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";
import { Card } from "./card";

interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title (wrap under it on phones). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled card that is a landmark region named by its heading: the building block of settings pages. */
export function SectionCard({ title, description, actions, className, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card className={cn("p-4 sm:p-6", className)}>
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}
