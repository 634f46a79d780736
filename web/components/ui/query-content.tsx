import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadFailed } from "./load-failed";
import { InlineLoading } from "./spinner";

interface QueryContentProps<Data> {
  query: UseQueryResult<Data>;
  /** "Loading company details..." */
  loadingLabel: string;
  /** "Failed to load company details" */
  failureTitle: string;
  children: (data: Data) => ReactNode;
}

/** A section's content once its data has loaded; until then a spinner, or the failure with Try again. */
export function QueryContent<Data>({ query, loadingLabel, failureTitle, children }: QueryContentProps<Data>) {
  if (query.isPending) return <InlineLoading label={loadingLabel} />;
  if (query.isError)
    return <LoadFailed title={failureTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
