import { LENDER_TYPE_NAMES } from "#schema/limits/companies.ts";
import type { UseQueryResult } from "@tanstack/react-query";
import type { AdminCompany, Page } from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDate } from "#web/lib/format.ts";
import { EmailText } from "./email-text";
import { ActiveBadge, VerificationBadge } from "./status-badges";
import { TableBodyStates } from "./table-body-states";

export type CompanyAction = "view" | "manage" | "reset";

/** Eight columns fit beside the side bar at 1280 px with a little less space around each. */
const COMPACT_CELLS = "sm:[&_td]:px-3 sm:[&_th]:px-3";

const ACTIONS: { action: CompanyAction; label: string }[] = [
  { action: "view", label: "View" },
  { action: "manage", label: "Manage" },
  { action: "reset", label: "Reset" },
];

function CompanyRow({ company, onAction }: { company: AdminCompany; onAction: CompaniesTableProps["onAction"] }) {
  return (
    <TableRow>
      <TableCell>
        {/* A name typed as one long word wraps rather than push the actions off-screen. */}
        <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{company.name}</span>
        <span className="block text-xs text-slate-500">
          <EmailText email={company.userEmail} />
        </span>
        <span className="block text-xs font-medium text-slate-600" data-kind={company.kind}>
          {company.kind === "lender"
            ? `Lender${company.lenderType ? ` · ${LENDER_TYPE_NAMES[company.lenderType]}` : ""}`
            : "Valuation firm"}
        </span>
      </TableCell>
      <TableCell label="Contact">
        <div>
          <span className="block">
            <EmailText email={company.email} />
          </span>
          <span className="block text-xs text-slate-500">{company.phone || "—"}</span>
        </div>
      </TableCell>
      <TableCell label="QR Codes" className="sm:text-center">
        {company.qrCodeCount}
      </TableCell>
      <TableCell label="Valuers" className="sm:text-center">
        {company.valuerCount}
      </TableCell>
      <TableCell label="Status">
        <ActiveBadge isActive={company.isActive} />
      </TableCell>
      <TableCell label="Verification">
        <VerificationBadge status={company.verificationStatus} />
      </TableCell>
      <TableCell label="Created">{formatDate(company.createdAt)}</TableCell>
      <TableCell label="Actions">
        {/* The buttons wrap under one another before the table would scroll sideways at a desktop width. */}
        <div className="flex flex-wrap gap-1 max-sm:justify-end">
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
  query: UseQueryResult<Page<AdminCompany>>;
  onAction: (action: CompanyAction, company: AdminCompany) => void;
}

export function CompaniesTable({ query, onAction }: CompaniesTableProps) {
  return (
    <Table caption="Companies" stackOnPhone className={COMPACT_CELLS}>
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
