import type { AdminUser } from "#schema/responses/index.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useBulkDeleteUsers } from "../api/bulk-delete-users";
import { useDeleteUser } from "../api/delete-user";

/** A row's Delete ("single") or the bulk Delete of the checked rows ("bulk"). */
export interface UserDeletion {
  kind: "single" | "bulk";
  users: AdminUser[];
}

/**
 * The warning says deletion cannot be undone, erases the person and closes any organisation they
 * own with its team, while codes already issued stay verifiable (decision 066).
 */
function warning({ kind, users }: UserDeletion) {
  return kind === "single"
    ? `Delete ${users[0]?.email}? This action cannot be undone. Their personal data is erased, and any organisation they own is closed with its team; codes already issued stay verifiable.`
    : `Delete ${users.length} selected ${users.length === 1 ? "user" : "users"}? This action cannot be undone. Their personal data is erased, and any organisation they own is closed with its team; codes already issued stay verifiable.`;
}

export function DeleteUsersDialog({
  deletion,
  onClose,
  onDeleted,
}: {
  deletion: UserDeletion | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteUser = useDeleteUser();
  const bulkDelete = useBulkDeleteUsers();
  const confirm = () => {
    if (!deletion) return;
    const callbacks = { onSuccess: onDeleted, onError: onClose };
    if (deletion.kind === "single" && deletion.users[0]) deleteUser.mutate(deletion.users[0].id, callbacks);
    else bulkDelete.mutate({ userIds: deletion.users.map((user) => user.id) }, callbacks);
  };
  return (
    <ConfirmDialog
      open={deletion !== null}
      onOpenChange={(open) => !open && onClose()}
      title={deletion?.kind === "bulk" ? "Delete Users" : "Delete User"}
      description={deletion ? warning(deletion) : ""}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deleteUser.isPending || bulkDelete.isPending}
      onConfirm={confirm}
    />
  );
}
