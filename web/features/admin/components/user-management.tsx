import { useState } from "react";
import type { AdminUser } from "#schema/responses/index.ts";
import { Card } from "#web/components/ui/card.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { useSession } from "#web/lib/session.ts";
import { useBulkSetUserStatus } from "../api/bulk-user-status";
import { useAdminUsers } from "../api/list-users";
import { useSetUserStatus } from "../api/user-status";
import { DeleteUsersDialog, type UserDeletion } from "./delete-users-dialog";
import { ResetSecondFactorDialog } from "./reset-second-factor-dialog";
import { ListSearch } from "./list-search";
import { useListParams } from "./use-list-params";
import { UserBulkActions } from "./user-bulk-actions";
import { SelectAll, UsersTable } from "./users-table";

/**
 * /admin/users: every user, single and bulk activation, deactivation and deletion, and resetting
 * the two-step sign-in of someone who lost every factor.
 */
export function UserManagement() {
  const { user: me } = useSession();
  const { params, searchText, setSearchText, setPage } = useListParams();
  const users = useAdminUsers(params);
  const setStatus = useSetUserStatus();
  const bulkSetStatus = useBulkSetUserStatus();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [deletion, setDeletion] = useState<UserDeletion | null>(null);
  const [secondFactorReset, setSecondFactorReset] = useState<AdminUser | null>(null);

  // The admin's own row is never selectable: the server refuses self-deactivation and self-deletion.
  const selectable = (users.data?.items ?? []).filter((user) => user.id !== me?.id);
  // Only rows on screen count, so a user who vanished after a refresh is never acted on unseen.
  const selected = selectable.filter((user) => checked.has(user.id));
  const clearSelection = () => setChecked(new Set());

  const toggleOne = (user: AdminUser, isChecked: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (isChecked) next.add(user.id);
      else next.delete(user.id);
      return next;
    });
  const toggleAll = (isChecked: boolean) => setChecked(new Set(isChecked ? selectable.map((user) => user.id) : []));
  const bulkStatus = (isActive: boolean) =>
    bulkSetStatus.mutate({ userIds: selected.map((user) => user.id), isActive }, { onSuccess: clearSelection });

  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 lg:flex-row lg:items-end lg:justify-between">
        <ListSearch label="Search users" placeholder="Name or email" value={searchText} onChange={setSearchText} />
        <UserBulkActions
          count={selected.length}
          isPending={bulkSetStatus.isPending}
          onSetActive={bulkStatus}
          onDelete={() => setDeletion({ kind: "bulk", users: selected })}
          selectAll={<SelectAll selectable={selectable} selected={selected} onToggleAll={toggleAll} />}
        />
      </div>
      <UsersTable
        query={users}
        me={me}
        selectable={selectable}
        selected={selected}
        onToggleOne={toggleOne}
        onToggleAll={toggleAll}
        pendingStatusUserId={setStatus.isPending ? setStatus.variables?.userId : undefined}
        onSetActive={(user, isActive) => setStatus.mutate({ userId: user.id, isActive })}
        onDelete={(user) => setDeletion({ kind: "single", users: [user] })}
        onResetSecondFactor={setSecondFactorReset}
      />
      {users.data && (
        <Pagination
          page={users.data.page}
          pageSize={users.data.pageSize}
          total={users.data.total}
          onPageChange={(page) => {
            clearSelection();
            setPage(page);
          }}
          label="Users pages"
        />
      )}
      <ResetSecondFactorDialog user={secondFactorReset} onClose={() => setSecondFactorReset(null)} />
      <DeleteUsersDialog
        deletion={deletion}
        onClose={() => setDeletion(null)}
        onDeleted={() => {
          setDeletion(null);
          clearSelection();
        }}
      />
    </Card>
  );
}
