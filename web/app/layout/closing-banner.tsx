import type { PublicUser } from "#schema/responses/index.ts";
import { UndoClosureButton, UndoDeletionButton } from "#web/features/settings/components/undo-closing-buttons.tsx";
import { formatDate } from "#web/lib/format.ts";

const BANNER =
  "flex flex-wrap items-center justify-between gap-3 border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950";

/**
 * Shown on every signed-in screen while an account's deletion or the organisation's closure is
 * coming: what happens and when, with Undo for whoever may call it off.
 */
export function ClosingBanner({ user }: { user: PublicUser }) {
  const company = user.company;
  const isOwner = company?.ownerId === user.id;
  return (
    <>
      {company?.closureDueAt && (
        <div role="region" aria-label="Organisation closing" className={BANNER}>
          <div className="min-w-0">
            <p className="font-semibold">
              {company.name} will be closed on {formatDate(company.closureDueAt)}
            </p>
            <p>
              Then everyone's access ends and the team's personal data is erased; codes already issued stay verifiable.
              {isOwner ? "" : " Only the owner can undo this."}
            </p>
          </div>
          {isOwner && <UndoClosureButton />}
        </div>
      )}
      {user.deletionDueAt && (
        <div role="region" aria-label="Account deletion" className={BANNER}>
          <div className="min-w-0">
            <p className="font-semibold">Your account will be deleted on {formatDate(user.deletionDueAt)}</p>
            <p>Then your name, email and sign-in details are erased and you are signed out everywhere.</p>
          </div>
          <UndoDeletionButton />
        </div>
      )}
    </>
  );
}
