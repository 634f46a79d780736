import { Users } from "lucide-react";
import { useState } from "react";
import type { Valuer } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useRedirectOnUnauthorizedQuery } from "#web/components/ui/failure-toast.ts";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { useSession } from "#web/lib/session.ts";
import { useValuers } from "../api/list-valuers";
import { useRegisterStandings } from "../api/register";
import { ValuerFormDialog } from "./valuer-form-dialog";
import { ValuersTable } from "./valuers-table";
import { PageTitle } from "#web/components/ui/page-title.tsx";

const NON_OWNER_NOTICE =
  "Only the company owner can add or modify valuers. Contact your company administrator to manage valuers.";

/** Which dialog is open: none, adding, or editing one valuer. */
type DialogState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; valuer: Valuer };

function ValuersList({ canManage, onEdit }: { canManage: boolean; onEdit: (valuer: Valuer) => void }) {
  const valuers = useValuers();
  const standings = useRegisterStandings();
  useRedirectOnUnauthorizedQuery(valuers.error, "/");

  if (valuers.isPending) {
    return <SkeletonRows label="Loading valuers..." />;
  }
  if (valuers.isError) {
    return (
      <EmptyState
        title="Failed to load valuers"
        description="Check your connection and try again."
        action={
          <Button variant="secondary" onClick={() => valuers.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (valuers.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No valuers found"
        description={
          canManage ? "Add the valuers who sign your reports so they can sign verification codes." : undefined
        }
      />
    );
  }
  return (
    <ValuersTable valuers={valuers.data} standings={standings.data?.valuers} canManage={canManage} onEdit={onEdit} />
  );
}

/** /valuers: the company's valuers; only the owner adds, edits, deactivates and deletes them. */
export function ValuersPage() {
  const { isOwner } = useSession();
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });

  const closeDialog = (open: boolean) => !open && setDialog({ mode: "closed" });
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <PageTitle>My Company Valuers</PageTitle>
          <p className="mt-1 text-sm text-slate-600">
            The professionals who sign your company's valuation reports. ValuSeal checks each registration against the
            valuers' register, and every certificate shows the check made the day it was issued.
          </p>
        </div>
        {isOwner && (
          <Button onClick={() => setDialog({ mode: "add" })}>
            <span aria-hidden="true">+</span>
            Add Valuer
          </Button>
        )}
      </div>
      {!isOwner && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {NON_OWNER_NOTICE}
        </p>
      )}
      <Card>
        <ValuersList canManage={isOwner} onEdit={(valuer) => setDialog({ mode: "edit", valuer })} />
      </Card>
      {dialog.mode !== "closed" && (
        <ValuerFormDialog
          key={dialog.mode === "edit" ? dialog.valuer.id : "new"}
          open
          onOpenChange={closeDialog}
          valuer={dialog.mode === "edit" ? dialog.valuer : undefined}
        />
      )}
    </div>
  );
}
