import { Button } from "../../../components/ui/button";

/** Bulk Activate, Deactivate and Delete for the checked rows. */
export function UserBulkActions({
  count,
  isPending,
  onSetActive,
  onDelete,
}: {
  count: number;
  isPending: boolean;
  onSetActive: (isActive: boolean) => void;
  onDelete: () => void;
}) {
  const disabled = count === 0 || isPending;
  return (
    <div role="group" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
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
