import type { UseQueryResult } from "@tanstack/react-query";
import type { AdminCompany, Json, Page } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../lib/format";
import { EmailText } from "./email-text";
import { ActiveBadge, VerificationBadge } from "./status-badges";
import { TableBodyStates } from "./table-body-states";

export type CompanyAction = "view" | "manage" | "reset";

const ACTIONS: { action: CompanyAction; label: string }[] = [
  { action: "view", label: "View" },
  { action: "manage", label: "Manage" },
  { action: "reset", label: "Reset" },
];

function CompanyRow({ company, onAction }: { company: Json<AdminCompany>; onAction: CompaniesTableProps["onAction"] }) {
  return (
    <TableRow>
      <TableCell>
        <span className="block font-medium text-slate-900">{company.name}</span>
        <span className="block text-xs text-slate-500">
          <EmailText email={company.userEmail} />
        </span>
      </TableCell>
      <TableCell>
        <span className="block">
          <EmailText email={company.email} />
        </span>
        <span className="block text-xs text-slate-500">{company.phone || "—"}</span>
      </TableCell>
      <TableCell className="text-center">{company.qrCodeCount}</TableCell>
      <TableCell className="text-center">{company.valuerCount}</TableCell>
      <TableCell>
        <ActiveBadge isActive={company.isActive} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <VerificationBadge status={company.verificationStatus} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(company.createdAt)}</TableCell>
      <TableCell>
        {/* One row of actions: the table scrolls sideways on narrow screens rather than stacking them. */}
        <div className="flex gap-1 whitespace-nowrap">
          {ACTIONS.map(({ action, label }) => (
            <Button key={action} variant="secondary" size="sm" onClick={() => onAction(action, company)}>
              {label}
              <span className="sr-only"> {company.name}</span>
            </Button>
          ))}
        </div>
      </TableCell>
    </TableRow>
  );
}

interface CompaniesTableProps {
  query: UseQueryResult<Json<Page<AdminCompany>>>;
  onAction: (action: CompanyAction, company: Json<AdminCompany>) => void;
}

export function CompaniesTable({ query, onAction }: CompaniesTableProps) {
  return (
    <Table caption="Companies">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Contact</TableHeaderCell>
          <TableHeaderCell className="text-center">QR Codes</TableHeaderCell>
          <TableHeaderCell className="text-center">Valuers</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Verification</TableHeaderCell>
          <TableHeaderCell>Created</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBodyStates
        rows={query.data?.items}
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => query.refetch()}
        colSpan={8}
        loadingText="Loading companies"
        emptyText="No companies found"
        errorText="Failed to load companies"
      >
        {(company) => <CompanyRow key={company.id} company={company} onAction={onAction} />}
      </TableBodyStates>
    </Table>
  );
}
