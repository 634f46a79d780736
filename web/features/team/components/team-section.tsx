import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useRedirectOnUnauthorizedQuery } from "#web/components/ui/failure-toast.ts";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { useTeam } from "../api/list-team";
import { InviteMemberForm } from "./invite-member-form";
import { PendingInvitesTable } from "./pending-invites-table";
import { TeamMembersTable } from "./team-members-table";

const MEMBER_RIGHTS =
  "Members see the company's codes and valuers and create codes; only you can manage valuers, company details and the team.";

function TeamLists() {
  const team = useTeam();
  useRedirectOnUnauthorizedQuery(team.error);
  if (team.isPending) return <InlineLoading label="Loading team..." />;
  if (team.isError) {
    return (
      <EmptyState
        title="Failed to load the team"
        action={
          <Button variant="secondary" onClick={() => team.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <div className="space-y-6">
      <TeamMembersTable members={team.data.members} />
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Pending invites</h3>
        <PendingInvitesTable invites={team.data.invites} />
      </div>
    </div>
  );
}

function OwnerTeamSection() {
  return (
    <SectionCard title="Team" description={`Invite colleagues to join your company by email. ${MEMBER_RIGHTS}`}>
      <InviteMemberForm />
      <TeamLists />
    </SectionCard>
  );
}

/** Company Details → Team: the owner invites and removes members; members are told who manages it. */
export function TeamSection({ isOwner }: { isOwner: boolean }) {
  if (isOwner) return <OwnerTeamSection />;
  return (
    <SectionCard title="Team">
      <p className="text-sm text-slate-600">
        Your company owner manages the team. Ask them to invite a colleague or to remove someone's access.
      </p>
    </SectionCard>
  );
}
