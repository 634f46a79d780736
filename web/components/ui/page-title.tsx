import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

/**
 * A screen's h1 on the type scale's page-title step; it also names the browser tab, after the
 * heading's text or `tabTitle` when the heading is not plain text.
 */
export function PageTitle({
  children,
  tabTitle,
  className,
}: {
  children: ReactNode;
  tabTitle?: string;
  className?: string;
}) {
  useDocumentTitle(tabTitle ?? (typeof children === "string" ? children : undefined));
  return <h1 className={cn("text-page-title font-semibold text-slate-900", className)}>{children}</h1>;
}
