import type { ReactNode } from "react";

/** An email change that has not happened yet: it waits for the new address to follow its link. */
export function PendingEmailNotice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {children}
    </p>
  );
}
