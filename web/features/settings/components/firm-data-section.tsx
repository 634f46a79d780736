import { ExportButton } from "#web/components/ui/export-button.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useSession } from "#web/lib/session.ts";
import { downloadFirmData } from "../api/data-export";

/** Company settings → Data: the organisation's whole record, for its owner to keep or move. */
export function FirmDataSection() {
  const { isOwner } = useSession();
  return (
    <SectionCard
      title="Your organisation's data"
      description="One ZIP file with everything your organisation keeps with ValuSeal: its details, team and valuers, every code with its signed record (which checks on its own with the offline verifier), daily scan counts, webhooks and API keys without their secrets, the credit ledger, receipts and the audit log."
    >
      {isOwner ? (
        <ExportButton
          download={downloadFirmData}
          fallbackName="valuseal-data.zip"
          label="Download all data"
          size="md"
        />
      ) : (
        <p className="text-sm text-slate-600">Only the owner can download all of the organisation's data.</p>
      )}
    </SectionCard>
  );
}
