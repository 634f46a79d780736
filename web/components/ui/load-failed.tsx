import type { ReactNode } from "react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

/** What a section shows when its data could not be loaded: what failed, and a way to try again. */
export function LoadFailed({ title, onRetry }: { title: ReactNode; onRetry: () => void }) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
