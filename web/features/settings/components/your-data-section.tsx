import { ExportButton } from "#web/components/ui/export-button.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { downloadMyData } from "../api/data-export";

/** Profile Settings → Your data: a copy of everything ValuSeal keeps about the user, at once. */
export function YourDataSection() {
  return (
    <SectionCard
      title="Your data"
      description="Download a copy of what ValuSeal keeps about you: your profile, where you are signed in, your passkeys, the API keys you made, and the record of what was done on your account."
    >
      <ExportButton download={downloadMyData} fallbackName="valuseal-my-data.json" label="Download my data" size="md" />
    </SectionCard>
  );
}
