import { useState } from "react";
import type { AuditLogEntry } from "#schema/responses/index.ts";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useAuditLog } from "../api/audit-log";
import { EmailText } from "./email-text";
import { TableBodyStates } from "./table-body-states";

/** "company.password_reset" → "Company password reset". */
function actionLabel(action: string) {
  const words = action.replace(/[._]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** The entry's details as named values: the server stores an object, or nothing. */
const detailsOf = ({ details }: AuditLogEntry): Record<string, unknown> =>
  typeof details === "object" && details !== null ? (details as Record<string, unknown>) : {};

/** What the target was when the change was made: its email or name, kept in the entry because it may be gone now. */
function targetLabel(entry: AuditLogEntry) {
  const { targetType, targetId } = entry;
  const details = detailsOf(entry);
  // A signing key is named by its key id, not a number.
  if (targetType === "signing_key") return { name: null, reference: `Signing key ${text(details.kid) ?? "?"}` };
  if (targetType === "price") {
    const credits = typeof details.credits === "number" ? details.credits : "?";
    return { name: null, reference: `Price of ${credits} credits in ${text(details.currency) ?? "?"}` };
  }
  if (targetType === "purchase") return { name: null, reference: `Purchase ${text(details.purchase) ?? "?"}` };
  const kind = targetType === "company" ? "Company" : targetType === "user" ? "User" : targetType;
  return { name: text(details.email) ?? text(details.name), reference: `${kind} #${targetId ?? "?"}` };
}

/** The part of the details not already shown in the target column. */
function detailsLabel(entry: AuditLogEntry): string {
  const details = detailsOf(entry);
  const ownerEmail = text(details.ownerEmail);
  if (ownerEmail) return `Owner: ${ownerEmail}`;
  const companies = Array.isArray(details.companies) ? (details.companies as { name?: unknown }[]) : [];
  const companyNames = companies.map((company) => text(company.name)).filter(Boolean);
  if (companyNames.length > 0) return `Also closed: ${companyNames.join(", ")}`;
  const note = text(details.note);
  if (note) return note;
  const role = text(details.role);
  return role ? `Role: ${role}` : "—";
}

function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const target = targetLabel(entry);
  return (
    <TableRow>
      <TableCell>{entry.actorEmail ? <EmailText email={entry.actorEmail} /> : "ValuSeal (scheduled)"}</TableCell>
      <TableCell label="Action" className="sm:whitespace-nowrap">
        {actionLabel(entry.action)}
      </TableCell>
      <TableCell label="Target" className="[overflow-wrap:anywhere] sm:min-w-44">
        <div>
          {target.name && (
            <span className="block">
              <EmailText email={target.name} />
            </span>
          )}
          <span className="block text-xs text-slate-500">{target.reference}</span>
        </div>
      </TableCell>
      <TableCell label="When" className="sm:whitespace-nowrap">
        {formatDateTime(entry.createdAt)}
      </TableCell>
      {/* Emails and key ids are long unbroken words: they wrap anywhere rather than widen the table. */}
      <TableCell label="Details" className="text-slate-600 [overflow-wrap:anywhere]">
        {detailsLabel(entry)}
      </TableCell>
    </TableRow>
  );
}

/** The audit log, newest first; paginated on the settings view, the latest few on the dashboard. */
export function AuditLogTable({ pageSize, paginated }: { pageSize: number; paginated: boolean }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog({ page, pageSize });
  return (
    <>
      <Table caption="Audit log, newest first" stackOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Who</TableHeaderCell>
            <TableHeaderCell>Action</TableHeaderCell>
            <TableHeaderCell>Target</TableHeaderCell>
            <TableHeaderCell>When</TableHeaderCell>
            <TableHeaderCell>Details</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBodyStates
          rows={log.data?.items}
          isPending={log.isPending}
          isError={log.isError}
          onRetry={() => log.refetch()}
          colSpan={5}
          loadingText="Loading audit log"
          emptyText="No admin changes yet"
          errorText="Failed to load the audit log"
        >
          {(entry) => <AuditRow key={entry.id} entry={entry} />}
        </TableBodyStates>
      </Table>
      {paginated && log.data && (
        <Pagination
          page={log.data.page}
          pageSize={log.data.pageSize}
          total={log.data.total}
          onPageChange={setPage}
          label="Audit log pages"
        />
      )}
    </>
  );
}
