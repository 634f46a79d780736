import { useState } from "react";
import type { AdminCompany, Json } from "../../../../schema/responses";
import { Card } from "../../../components/ui/card";
import { Pagination } from "../../../components/ui/pagination";
import { useAdminCompanies } from "../api/companies-detailed";
import { useLoadCompanyDetails } from "../api/company-details";
import { CompaniesTable, type CompanyAction } from "./companies-table";
import { CompanyDetailsDialog } from "./company-details-dialog";
import { CompanyStatusDialog } from "./company-status-dialog";
import { ListSearch } from "./list-search";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { useListParams } from "./use-list-params";

/** /admin/companies: every company with its real status, and the View, Manage and Reset actions. */
export function CompaniesManagement() {
  const { params, searchText, setSearchText, setPage } = useListParams();
  const companies = useAdminCompanies(params);
  const loadDetails = useLoadCompanyDetails();
  const [open, setOpen] = useState<{ action: CompanyAction; company: Json<AdminCompany> } | null>(null);
  const close = () => setOpen(null);

  const onAction = (action: CompanyAction, company: Json<AdminCompany>) => {
    if (action === "view") loadDetails(company.id);
    setOpen({ action, company });
  };

  return (
    <Card>
      <div className="border-b border-slate-200 p-4">
        <ListSearch
          label="Search companies"
          placeholder="Company name or email"
          value={searchText}
          onChange={setSearchText}
        />
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
