import type { UseQueryResult } from "@tanstack/react-query";
import type { AdminUser, Page, PublicUser } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { displayName } from "#web/lib/display-name.ts";
import { formatDate } from "#web/lib/format.ts";
import { EmailText } from "./email-text";
import { ActiveBadge, RoleBadge } from "./status-badges";
import { TableBodyStates } from "./table-body-states";

const CHECKBOX = "h-4 w-4 rounded border-slate-300 accent-blue-700 disabled:cursor-not-allowed";
const OWN_ACCOUNT_NOTE = "You cannot deactivate or delete your own account";

interface UsersTableProps {
  query: UseQueryResult<Page<AdminUser>>;
  me: PublicUser | null;
  selectable: AdminUser[];
  selected: AdminUser[];
  onToggleOne: (user: AdminUser, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  pendingStatusUserId: number | undefined;
  onSetActive: (user: AdminUser, isActive: boolean) => void;
  onDelete: (user: AdminUser) => void;
  onResetSecondFactor: (user: AdminUser) => void;
}

type RowProps = Omit<UsersTableProps, "query" | "me" | "selectable" | "selected" | "onToggleAll"> & {
  user: AdminUser;
  isMe: boolean;
  isSelected: boolean;
};

function UserRow({
  user,
  isMe,
  isSelected,
  onToggleOne,
  pendingStatusUserId,
  onSetActive,
  onDelete,
  onResetSecondFactor,
}: RowProps) {
  const toggleLabel = user.isActive ? "Deactivate" : "Activate";
  const noteId = `own-account-note-${user.id}`;
  return (
    <TableRow className={isSelected ? "bg-brand-50/60" : undefined}>
      <TableCell className="w-10">
        <input
          type="checkbox"
          className={CHECKBOX}
          aria-label={`Select ${user.email}`}
          checked={isSelected}
          disabled={isMe}
          onChange={(event) => onToggleOne(user, event.target.checked)}
        />
      </TableCell>
      <TableCell>
        <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">
          {displayName(user)}
          {isMe && <span className="font-normal text-slate-500"> (you)</span>}
        </span>
        <span className="block text-xs text-slate-500">
          <EmailText email={user.email} />
        </span>
      </TableCell>
      <TableCell label="Company" className="[overflow-wrap:anywhere]">
        {user.company?.name ?? "—"}
      </TableCell>
      <TableCell label="Role">
        <RoleBadge role={user.role} />
      </TableCell>
      <TableCell label="Status">
        <ActiveBadge isActive={user.isActive} />
      </TableCell>
      <TableCell label="Created" className="sm:whitespace-nowrap">
        {formatDate(user.createdAt)}
      </TableCell>
      <TableCell label="Actions" className="max-sm:flex-wrap">
        <div className="flex flex-wrap gap-1 max-sm:justify-end">
          <Button
            variant="secondary"
            size="sm"
            disabled={isMe || pendingStatusUserId === user.id}
            aria-describedby={isMe ? noteId : undefined}
            onClick={() => onSetActive(user, !user.isActive)}
          >
            {toggleLabel}
            <span className="sr-only"> {user.email}</span>
          </Button>
          <Button
            variant="dangerOutline"
            size="sm"
            disabled={isMe}
            aria-describedby={isMe ? noteId : undefined}
            onClick={() => onDelete(user)}
          >
            Delete<span className="sr-only"> {user.email}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={isMe}
            aria-describedby={isMe ? noteId : undefined}
            onClick={() => onResetSecondFactor(user)}
          >
            Reset two-step<span className="sr-only"> sign-in of {user.email}</span>
          </Button>
        </div>
        {isMe && (
          <p id={noteId} className="mt-1 text-xs text-slate-500">
            {OWN_ACCOUNT_NOTE}
          </p>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Selects every selectable row of the page: in the header row, and on phones (where the header is hidden) in the bulk actions. */
export function SelectAll({
  selectable,
  selected,
  onToggleAll,
  className,
}: Pick<UsersTableProps, "selectable" | "selected" | "onToggleAll"> & { className?: string }) {
  const all = selectable.length > 0 && selected.length === selectable.length;
  return (
    <input
      type="checkbox"
      className={cn(CHECKBOX, className)}
      aria-label="Select all users on this page"
      checked={all}
      disabled={selectable.length === 0}
      ref={(input) => {
        if (input) input.indeterminate = selected.length > 0 && !all;
      }}
      onChange={(event) => onToggleAll(event.target.checked)}
    />
  );
}

/**
 * On phones each user is a card: the checkbox sits at the card's top right and the user's name is
 * its title (the table's usual first-cell title would be the checkbox). Message rows (loading,
 * empty, failed) have one cell and keep the usual layout.
 */
const CHECKBOX_IN_CARD_CORNER = cn(
  "max-sm:[&_tr]:relative",
  "max-sm:[&_td:first-child:not(:only-child)]:absolute max-sm:[&_td:first-child:not(:only-child)]:right-4 max-sm:[&_td:first-child:not(:only-child)]:top-3 max-sm:[&_td:first-child:not(:only-child)]:w-auto max-sm:[&_td:first-child:not(:only-child)]:p-0",
  "max-sm:[&_td:nth-child(2)]:block max-sm:[&_td:nth-child(2)]:pb-2 max-sm:[&_td:nth-child(2)]:pr-8 max-sm:[&_td:nth-child(2)]:text-left max-sm:[&_td:nth-child(2)]:before:hidden",
);

/** Users with checkboxes, role and status badges, created date and per-row actions. */
export function UsersTable({ query, me, selectable, selected, onToggleAll, ...rowProps }: UsersTableProps) {
  const selectedIds = new Set(selected.map((user) => user.id));
  return (
    <Table caption="Users" stackOnPhone className={CHECKBOX_IN_CARD_CORNER}>
      <TableHead>
        <TableRow>
          <TableHeaderCell className="w-10">
            <SelectAll
              selectable={selectable}
              selected={selected}
              onToggleAll={onToggleAll}
              className="max-sm:hidden"
            />
          </TableHeaderCell>
          <TableHeaderCell>User</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Role</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBodyStates
        rows={query.data?.items}
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => query.refetch()}
        colSpan={7}
        loadingText="Loading users"
        emptyText="No users found"
        errorText="Failed to load users"
      >
        {(user) => (
          <UserRow
            key={user.id}
            user={user}
            isMe={user.id === me?.id}
            isSelected={selectedIds.has(user.id)}
            {...rowProps}
          />
        )}
      </TableBodyStates>
    </Table>
  );
}
