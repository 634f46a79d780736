import { Button } from "#web/components/ui/button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { useToast } from "#web/components/ui/toast.tsx";
import { useUndoAccountDeletion, useUndoClosure } from "../api/closing";

/** "Undo": the account's deletion is called off (the banner and Profile Settings show it). */
export function UndoDeletionButton() {
  const toast = useToast();
  const showFailure = useFailureToast();
  const undo = useUndoAccountDeletion();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={undo.isPending}
      onClick={() =>
        undo.mutate(undefined, {
          onSuccess: () => toast({ title: "Your account will not be deleted" }),
          onError: (error) => showFailure("Failed to undo", error),
        })
      }
    >
      {undo.isPending ? "Undoing..." : "Undo"}
    </Button>
  );
}

/** "Undo": the organisation's closure is called off (its owner only). */
export function UndoClosureButton() {
  const toast = useToast();
  const showFailure = useFailureToast();
  const undo = useUndoClosure();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={undo.isPending}
      onClick={() =>
        undo.mutate(undefined, {
          onSuccess: () => toast({ title: "The organisation will not be closed" }),
          onError: (error) => showFailure("Failed to undo", error),
        })
      }
    >
      {undo.isPending ? "Undoing..." : "Undo"}
    </Button>
  );
}
