import { useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminCompany } from "#schema/responses/index.ts";
import { Card } from "#web/components/ui/card.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { useAdminCompanies } from "../api/companies-detailed";
import { useLoadCompanyDetails } from "../api/company-details";
import { CompaniesTable, type CompanyAction } from "./companies-table";
import { CompanyDetailsDialog } from "./company-details-dialog";
import { CompanyStatusDialog } from "./company-status-dialog";
import { ListSearch } from "./list-search";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { useListParams } from "./use-list-params";
import { VerificationFilter, verificationFilterOf } from "./verification-filter";

/**
 * /admin/companies: every company with its real status and verification, and the View, Manage and
 * Reset actions. The verification filter lives in the address (?verification=pending), so the
 * dashboard's "Awaiting verification" card can link straight to the review queue.
 */
export function CompaniesManagement() {
  const [query, setQuery] = useSearchParams();
  const verification = verificationFilterOf(query.get("verification"));
  const { params, searchText, setSearchText, setPage } = useListParams(verification ?? "");
  const companies = useAdminCompanies({ ...params, verification });
  const setVerification = (value: string | null) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set("verification", value);
        else next.delete("verification");
        return next;
      },
      { replace: true },
    );
  const loadDetails = useLoadCompanyDetails();
  const [open, setOpen] = useState<{ action: CompanyAction; company: AdminCompany } | null>(null);
  const close = () => setOpen(null);

  const onAction = (action: CompanyAction, company: AdminCompany) => {
    if (action === "view") loadDetails(company.id);
    setOpen({ action, company });
  };

  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
        <ListSearch
          label="Search companies"
          placeholder="Company name or email"
          value={searchText}
          onChange={setSearchText}
        />
        <VerificationFilter value={verification} onChange={setVerification} />
      </div>
      <CompaniesTable query={companies} onAction={onAction} />
      {companies.data && (
        <Pagination
          page={companies.data.page}
          pageSize={companies.data.pageSize}
          total={companies.data.total}
          onPageChange={setPage}
          label="Companies pages"
        />
      )}
      <CompanyDetailsDialog company={open?.action === "view" ? open.company : null} onClose={close} />
      <CompanyStatusDialog company={open?.action === "manage" ? open.company : null} onClose={close} />
      <ResetPasswordDialog company={open?.action === "reset" ? open.company : null} onClose={close} />
    </Card>
  );
}
