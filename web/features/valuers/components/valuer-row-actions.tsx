import { Button } from "../../../components/ui/button";
import { Switch } from "../../../components/ui/switch";
import { useToast } from "../../../components/ui/toast";
import { useFailureToast } from "../../auth/hooks/use-unauthorized-redirect";
import { useDeleteValuer } from "../api/delete-valuer";
import type { Valuer } from "../api/list-valuers";
import { useUpdateValuer, valuerUpdateFrom } from "../api/update-valuer";

const DELETE_CONFIRMATION = "Are you sure you want to delete this valuer?";

/** The owner's controls on one valuer row: the Active switch, Edit and Delete. */
export function ValuerRowActions({ valuer, onEdit }: { valuer: Valuer; onEdit: () => void }) {
  const toast = useToast();
  const showFailure = useFailureToast("/");
  const updateValuer = useUpdateValuer();
  const deleteValuer = useDeleteValuer();

  const setActive = (isActive: boolean) =>
    updateValuer.mutate(valuerUpdateFrom(valuer, { isActive }), {
      onSuccess: () => toast({ title: "Valuer updated successfully" }),
      onError: (error) => showFailure("Failed to update valuer", error),
    });

  const remove = () => {
    // SPEC 8 asks for the browser's own confirm here.
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    deleteValuer.mutate(valuer.id, {
      onSuccess: () => toast({ title: "Valuer deleted successfully" }),
      onError: (error) => showFailure("Failed to delete valuer", error),
    });
  };

  return (
    <div className="flex items-center justify-end gap-2">
      <Switch
        checked={valuer.isActive}
        onCheckedChange={setActive}
        label={`${valuer.name} is active`}
        disabled={updateValuer.isPending}
      />
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${valuer.name}`}>
        Edit
      </Button>
      <Button
        variant="danger"
        size="sm"
        onClick={remove}
        disabled={deleteValuer.isPending}
        aria-label={`Delete ${valuer.name}`}
      >
        {deleteValuer.isPending ? "Deleting..." : "Delete"}
      </Button>
    </div>
  );
}
