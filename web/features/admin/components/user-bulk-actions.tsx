import type { ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";

/** Bulk Activate, Deactivate and Delete for the checked rows. */
export function UserBulkActions({
  count,
  isPending,
  onSetActive,
  onDelete,
  selectAll,
}: {
  /** The page's select-all checkbox, shown here on phones, where the table's header row is hidden. */
  selectAll: ReactNode;
  count: number;
  isPending: boolean;
  onSetActive: (isActive: boolean) => void;
  onDelete: () => void;
}) {
  const disabled = count === 0 || isPending;
  return (
    <div role="group" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:hidden">
        {selectAll}
        Select all
      </label>
      <span className="text-sm text-slate-600" aria-live="polite">
        {count} selected
      </span>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onSetActive(true)}>
        Activate
      </Button>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onSetActive(false)}>
        Deactivate
      </Button>
      <Button variant="dangerOutline" size="sm" disabled={disabled} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
