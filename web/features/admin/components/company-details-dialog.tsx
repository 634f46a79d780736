import type { ReactNode } from "react";
import { codeReferenceLine, codeTitle } from "#schema/code-description.ts";
import type {
  AdminCompany,
  AdminCompanyCode,
  AdminCompanyDetails,
  AdminCompanyValuer,
} from "#schema/responses/index.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "#web/components/ui/table.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { COMPANY_DETAILS_FAILED, useCompanyDetails } from "../api/company-details";
import { CompanyVerificationPanel } from "./company-verification-panel";
import { DetailList } from "#web/components/ui/detail-list.tsx";
import { ActiveBadge } from "./status-badges";

const orNA = (value: string | null | undefined) => value || "N/A";

function CompanyInfo({ company }: { company: AdminCompany }) {
  const fields: [string, ReactNode][] = [
    ["Name", orNA(company.name)],
    ["Email", orNA(company.email)],
    ["Phone", orNA(company.phone)],
    ["Location", orNA(company.location)],
    ["Owner", orNA(company.userEmail)],
    ["Status", <ActiveBadge key="status" isActive={company.isActive} />],
  ];
  return (
    <section aria-labelledby="company-info-heading">
      <h3 id="company-info-heading" className="mb-2 font-semibold text-slate-900">
        Company Information
      </h3>
      <DetailList look="panel" rows={fields} />
    </section>
  );
}

function DetailsSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-semibold text-slate-900">
        {title}
      </h3>
      <div className="rounded-md border border-slate-200">{children}</div>
    </section>
  );
}

function CompanyCodes({ codes, total }: { codes: AdminCompanyCode[]; total: number }) {
  const title = codes.length < total ? `QR Codes (newest ${codes.length} of ${total})` : `QR Codes (${total})`;
  return (
    <DetailsSection id="company-codes-heading" title={title}>
      {codes.length === 0 ? (
        <EmptyState title="No QR codes yet" />
      ) : (
        <Table caption="The company's QR codes" stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Property</TableHeaderCell>
              <TableHeaderCell>Type</TableHeaderCell>
              <TableHeaderCell>Value</TableHeaderCell>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell className="text-center">Verifications</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {codes.map((code) => (
              <TableRow key={code.id}>
                <TableCell className="sm:min-w-56">
                  <span className="block">{codeTitle(code)}</span>
                  {codeReferenceLine(code) && (
                    <span className="block text-xs text-slate-500">{codeReferenceLine(code)}</span>
                  )}
                </TableCell>
                <TableCell label="Type" className="sm:whitespace-nowrap">
                  {code.propertyType}
                </TableCell>
                <TableCell label="Value" className="whitespace-nowrap">
                  {formatMoney(code.marketValue, code.currency)}
                </TableCell>
                <TableCell label="Date" className="sm:whitespace-nowrap">
                  {formatDate(code.valuationDate)}
                </TableCell>
                <TableCell label="Verifications" className="sm:text-center">
                  {code.verificationCount}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailsSection>
  );
}

function CompanyValuers({ valuers }: { valuers: AdminCompanyValuer[] }) {
  return (
    <DetailsSection id="company-valuers-heading" title={`Valuers (${valuers.length})`}>
      {valuers.length === 0 ? (
        <EmptyState title="No valuers yet" />
      ) : (
        <Table caption="The company's valuers" stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Phone</TableHeaderCell>
              <TableHeaderCell>Qualification</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {valuers.map((valuer) => (
              <TableRow key={valuer.id}>
                <TableCell>{valuer.name}</TableCell>
                <TableCell label="Phone" className="whitespace-nowrap">
                  {orNA(valuer.phone)}
                </TableCell>
                <TableCell label="Qualification">{orNA(valuer.qualification)}</TableCell>
                <TableCell label="Status">
                  <ActiveBadge isActive={valuer.isActive} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailsSection>
  );
}

function DetailsContent({ details }: { details: AdminCompanyDetails }) {
  return (
    <div className="space-y-6">
      <CompanyInfo company={details.company} />
      <CompanyVerificationPanel
        company={details.company}
        codeIdentities={details.codeIdentities}
        earlierCodes={details.earlierCodes}
      />
      <CompanyCodes codes={details.qrCodes} total={details.company.qrCodeCount} />
      <CompanyValuers valuers={details.valuers} />
    </div>
  );
}

/** The View dialog: company info ("N/A" for blanks), its codes and its valuers. */
export function CompanyDetailsDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  const details = useCompanyDetails(company?.id ?? null);
  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Company Details"
      description={company?.name}
      size="xl"
    >
      {details.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner /> Loading company details
        </div>
      ) : details.isError ? (
        <EmptyState
          title={<span role="alert">{COMPANY_DETAILS_FAILED}</span>}
          action={
            <Button variant="secondary" size="sm" onClick={() => details.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <DetailsContent details={details.data} />
      )}
    </Dialog>
  );
}
