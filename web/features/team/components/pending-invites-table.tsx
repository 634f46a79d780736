import type { UseMutationResult } from "@tanstack/react-query";
import type { PendingInvite } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { useToast, type ToastMessage } from "#web/components/ui/toast.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useResendInvite } from "../api/create-invite";
import { useRevokeInvite } from "../api/revoke-invite";
import { INVITATION_SENT_DETAIL } from "./invite-member-form";

interface InviteActionProps {
  invite: PendingInvite;
  /** The visible label, the one shown while it runs, and the accessible name that says whose invite. */
  label: string;
  pendingLabel: string;
  name: string;
  mutation: UseMutationResult<unknown, Error, number>;
  success: ToastMessage;
  failureTitle: string;
}

/** One button acting on a pending invite, with the success toast or the server's reason for failing. */
function InviteAction({ invite, label, pendingLabel, name, mutation, success, failureTitle }: InviteActionProps) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const run = () =>
    mutation.mutate(invite.id, {
      onSuccess: () => toast(success),
      onError: (error) => showFailure(failureTitle, error),
    });
  return (
    <Button variant="secondary" size="sm" onClick={run} disabled={mutation.isPending} aria-label={name}>
      {mutation.isPending ? pendingLabel : label}
    </Button>
  );
}

/** Resend emails a fresh link with a fresh expiry, and the previous link stops working; Revoke kills the link. */
function InviteActions({ invite }: { invite: PendingInvite }) {
  const actions: Omit<InviteActionProps, "invite">[] = [
    {
      label: "Resend",
      pendingLabel: "Sending...",
      name: `Resend invite to ${invite.email}`,
      mutation: useResendInvite(),
      success: { title: `Invitation sent to ${invite.email}`, description: INVITATION_SENT_DETAIL },
      failureTitle: "Failed to resend invitation",
    },
    {
      label: "Revoke",
      pendingLabel: "Revoking...",
      name: `Revoke invite for ${invite.email}`,
      mutation: useRevokeInvite(),
      success: { title: "Invite revoked", description: `The link for ${invite.email} no longer works.` },
      failureTitle: "Failed to revoke invite",
    },
  ];
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {actions.map((action) => (
        <InviteAction key={action.label} invite={invite} {...action} />
      ))}
    </div>
  );
}

/** Invites not yet accepted and not yet expired; resending emails a new link, revoking kills it. */
export function PendingInvitesTable({ invites }: { invites: PendingInvite[] }) {
  if (invites.length === 0) return <EmptyState title="No pending invites" className="py-4" />;
  return (
    <Table caption="Pending invites" stackOnPhone>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Email</TableHeaderCell>
          <TableHeaderCell>Expires</TableHeaderCell>
          <TableHeaderCell className="text-right">Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invites.map((invite) => (
          <TableRow key={invite.id}>
            <TableCell label="Email" className="[overflow-wrap:anywhere]">
              {invite.email}
            </TableCell>
            <TableCell label="Expires" className="whitespace-nowrap">
              {formatDateTime(invite.expiresAt)}
            </TableCell>
            <TableCell label="Actions" className="text-right">
              <InviteActions invite={invite} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
