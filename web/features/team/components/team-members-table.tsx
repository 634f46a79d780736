import { useState } from "react";
import type { TeamMember } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Badge } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { displayName } from "#web/lib/display-name.ts";
import { formatDate } from "#web/lib/format.ts";
import { useRemoveMember } from "../api/remove-member";

function RemoveMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const removeMember = useRemoveMember();
  const name = displayName(member);
  const confirm = () =>
    removeMember.mutate(member.id, {
      onSuccess: () => {
        toast({ title: "Member removed", description: `${name} no longer has access to your company.` });
        onClose();
      },
      onError: (error) => showFailure("Failed to remove member", error),
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${name} from the team?`}
      description={`${name} (${member.email}) loses access immediately: they are signed out on every device and can no longer sign in. The codes they created stay with your company.`}
      confirmLabel="Remove Member"
      pendingLabel="Removing..."
      isPending={removeMember.isPending}
      onConfirm={confirm}
    />
  );
}

/** The company's people; the owner can remove anyone but themselves. */
export function TeamMembersTable({ members }: { members: TeamMember[] }) {
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <>
      <Table caption="Team members" stackOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
            <TableHeaderCell>Role</TableHeaderCell>
            <TableHeaderCell>Joined</TableHeaderCell>
            <TableHeaderCell className="text-right">Actions</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.id}>
              <TableCell label="Name" className="font-medium text-slate-900">
                {displayName(member)}
              </TableCell>
              <TableCell label="Email" className="[overflow-wrap:anywhere]">
                {member.email}
              </TableCell>
              <TableCell label="Role">
                <Badge tone={member.isOwner ? "blue" : "slate"}>{member.isOwner ? "Owner" : "Member"}</Badge>
              </TableCell>
              <TableCell label="Joined" className="whitespace-nowrap">
                {formatDate(member.createdAt)}
              </TableCell>
              <TableCell label="Actions" className="text-right max-sm:empty:hidden">
                {!member.isOwner && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setRemoving(member)}
                    aria-label={`Remove ${displayName(member)}`}
                  >
                    Remove
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
