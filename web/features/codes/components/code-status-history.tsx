import type { CodeStatusEvent, StatusActor } from "#schema/responses/index.ts";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { displayName } from "#web/lib/display-name.ts";
import { formatDateTime } from "#web/lib/format.ts";

/** Who acted; an account deleted since is still named as someone, never left blank. */
export const actorName = (actor: StatusActor | null) => (actor ? displayName(actor) : "a former user");

/** Every revocation and reinstatement of the code, newest first, with who, when and why. */
export function CodeStatusHistory({ events }: { events: CodeStatusEvent[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Status history</h3>
      {events.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No changes: the code has been valid since it was created.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100" aria-label="Status history">
          {events.map((event) => (
            <li key={event.id} className="py-2 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
                <StatusBadge status={event.action === "revoked" ? "code-revoked" : "code-reinstated"} />
                <span>
                  {formatDateTime(event.at)} by {actorName(event.actor)}
                </span>
              </p>
              <p className="mt-1 break-words text-slate-900">Reason: {event.reason}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
