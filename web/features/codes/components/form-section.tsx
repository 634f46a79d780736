import { useId, type ReactNode } from "react";

/** A titled group of form fields (the create form's two sections). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
