import type { ReactNode } from "react";
import { requestReferenceOf } from "#web/lib/api-client.ts";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

/**
 * What a section shows when its data could not be loaded: what failed, a way to try again, and,
 * when the failure was the service's, the reference to quote (the request's X-Request-Id).
 */
export function LoadFailed({ title, onRetry, error }: { title: ReactNode; onRetry: () => void; error?: unknown }) {
  const reference = requestReferenceOf(error);
  return (
    <EmptyState
      title={title}
      description={reference ? `If it keeps failing, quote reference ${reference} to ValuSeal support.` : undefined}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
