import type { Json, PendingInvite } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { useFailureToast } from "../../../components/ui/failure-toast";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../../components/ui/table";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { useRevokeInvite } from "../api/revoke-invite";

function RevokeInviteButton({ invite }: { invite: Json<PendingInvite> }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const revokeInvite = useRevokeInvite();
  const revoke = () =>
    revokeInvite.mutate(invite.id, {
      onSuccess: () => toast({ title: "Invite revoked", description: `The link for ${invite.email} no longer works.` }),
      onError: (error) => showFailure("Failed to revoke invite", error),
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={revoke}
      disabled={revokeInvite.isPending}
      aria-label={`Revoke invite for ${invite.email}`}
    >
      {revokeInvite.isPending ? "Revoking..." : "Revoke"}
    </Button>
  );
}

/** Invites not yet accepted and not yet expired; revoking one kills its link. */
export function PendingInvitesTable({ invites }: { invites: Json<PendingInvite>[] }) {
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
              <RevokeInviteButton invite={invite} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
