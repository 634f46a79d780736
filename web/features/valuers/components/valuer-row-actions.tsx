import type { Valuer } from "#schema/responses/index.ts";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { Switch } from "#web/components/ui/switch.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useDeleteValuer } from "../api/delete-valuer";
import { useUpdateValuer, valuerUpdateFrom } from "../api/update-valuer";

const DELETE_CONFIRMATION = "Are you sure you want to delete this valuer?";

/** The owner's controls on one valuer row: the Active switch, Edit and Delete. */
export function ValuerRowActions({ valuer, onEdit }: { valuer: Valuer; onEdit: () => void }) {
  const toast = useToast();
  const showFailure = useFailureToast("/");
  const updateValuer = useUpdateValuer();
  const deleteValuer = useDeleteValuer();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const setActive = (isActive: boolean) =>
    updateValuer.mutate(valuerUpdateFrom(valuer, { isActive }), {
      onSuccess: () => toast({ title: "Valuer updated successfully" }),
      onError: (error) => showFailure("Failed to update valuer", error),
    });

  // The promise, not mutate's callbacks: the refetch removes this row (and this component) before
  // success is known, and React Query skips a removed component's callbacks, toast included.
  const remove = () =>
    deleteValuer.mutateAsync(valuer.id).then(
      () => {
        setConfirmingDelete(false);
        toast({ title: "Valuer deleted successfully" });
      },
      (error: unknown) => {
        setConfirmingDelete(false);
        showFailure("Failed to delete valuer", error);
      },
    );

  return (
    <div className="flex items-center justify-end gap-2">
      <Switch
        checked={valuer.isActive}
        onCheckedChange={setActive}
        label={`${valuer.name} is active`}
        visibleText="Active"
        disabled={updateValuer.isPending}
      />
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${valuer.name}`}>
        Edit
      </Button>
      <Button
        variant="dangerOutline"
        size="sm"
        onClick={() => setConfirmingDelete(true)}
        aria-label={`Delete ${valuer.name}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete ${valuer.name}?`}
        description={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={deleteValuer.isPending}
        onConfirm={remove}
      />
    </div>
  );
}
