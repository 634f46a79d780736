import type { Json, Valuer } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { useFailureToast } from "../../../components/ui/failure-toast";
import { Switch } from "../../../components/ui/switch";
import { useToast } from "../../../components/ui/toast";
import { useDeleteValuer } from "../api/delete-valuer";
import { useUpdateValuer, valuerUpdateFrom } from "../api/update-valuer";

const DELETE_CONFIRMATION = "Are you sure you want to delete this valuer?";

/** The owner's controls on one valuer row: the Active switch, Edit and Delete. */
export function ValuerRowActions({ valuer, onEdit }: { valuer: Json<Valuer>; onEdit: () => void }) {
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
    // Deleting a valuer is confirmed with the browser's own confirm dialog, not a custom one.
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
