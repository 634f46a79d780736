import type { AdminCompany } from "#schema/responses/index.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { useSetCompanyStatus } from "../api/company-status";

/** What Manage changes, said before it happens. */
const CONSEQUENCES = {
  deactivate:
    "A deactivated company cannot create QR codes or change its valuers. Its users can still sign in and see their data. Its existing QR codes still open their certificates, marked “Issuer suspended by ValuSeal” with today's date instead of “Verified Authentic”.",
  activate:
    "The company will be able to create QR codes and change its valuers again, and its certificates lose the suspension notice.",
};

/** Manage: confirm, then switch the company between active and inactive. */
export function CompanyStatusDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  const setStatus = useSetCompanyStatus();
  const deactivating = company?.isActive ?? true;
  return (
    <ConfirmDialog
      open={company !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`${deactivating ? "Deactivate" : "Activate"} ${company?.name ?? "company"}?`}
      description={deactivating ? CONSEQUENCES.deactivate : CONSEQUENCES.activate}
      confirmLabel={deactivating ? "Deactivate Company" : "Activate Company"}
      pendingLabel="Saving..."
      isPending={setStatus.isPending}
      destructive={deactivating}
      onConfirm={() =>
        company && setStatus.mutate({ companyId: company.id, isActive: !company.isActive }, { onSettled: onClose })
      }
    />
  );
}
