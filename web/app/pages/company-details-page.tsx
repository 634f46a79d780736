import { NavLink, Navigate, Route, Routes } from "react-router";
import { COMPANY_SETTINGS_PATHS, type CompanySettingsSection } from "#schema/app-paths.ts";
import { ApiKeysSection } from "#web/features/settings/components/api-keys-section.tsx";
import { CompanyInfoSection } from "#web/features/settings/components/company-info-section.tsx";
import { RegistrationSection } from "#web/features/settings/components/registration-section.tsx";
import { ScanAlertEmailSection } from "#web/features/settings/components/scan-alert-email-section.tsx";
import { WebhookEndpointPage } from "#web/features/settings/components/webhook-endpoint-page.tsx";
import { WebhookSection } from "#web/features/settings/components/webhook-section.tsx";
import { TeamSection } from "#web/features/team/components/team-section.tsx";
import { FirmDataSection } from "#web/features/settings/components/firm-data-section.tsx";
import { CloseOrganisationSection } from "#web/features/settings/components/close-organisation-section.tsx";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { cn } from "#web/lib/cn.ts";
import { useSession } from "#web/lib/session.ts";

const SECTION_LABELS: Record<CompanySettingsSection, string> = {
  company: "Company",
  verification: "Verification",
  team: "Team",
  alerts: "Alerts",
  developers: "Developers",
  data: "Data",
};

/** A firm's sections; a lender's team has a page of its own and it has no scan alerts or registration form. */
const FIRM_SECTIONS: CompanySettingsSection[] = ["company", "verification", "team", "alerts", "developers", "data"];
const LENDER_SECTIONS: CompanySettingsSection[] = ["company", "developers", "data"];

/** The section links: a row that scrolls sideways on a phone rather than wrapping into a block. */
function SectionNavigation({ sections }: { sections: CompanySettingsSection[] }) {
  return (
    <nav aria-label="Settings sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {sections.map((section) => (
          <li key={section}>
            <NavLink
              to={COMPANY_SETTINGS_PATHS[section]}
              // The company section's address is the others' prefix: it is current only on its own.
              end={section === "company"}
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium",
                  isActive
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )
              }
            >
              {SECTION_LABELS[section]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where each section's address leads below /settings/company. */
const sectionPath = (section: CompanySettingsSection) =>
  COMPANY_SETTINGS_PATHS[section].slice(COMPANY_SETTINGS_PATHS.company.length + 1);

/**
 * /settings/company (user menu → Company Details, a lender's Settings): one section per address, so a
 * checklist step, a notice or an email lands on what it is about rather than on a page of everything.
 * Each section is a self-contained card from the feature that owns it.
 */
export function CompanyDetailsPage() {
  const { isOwner, isLender } = useSession();
  const sections = isLender ? LENDER_SECTIONS : FIRM_SECTIONS;
  const developers = (
    <>
      <WebhookSection isOwner={isOwner} />
      {isOwner && <ApiKeysSection />}
    </>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-4">
        <div>
          <PageTitle>{isLender ? "Settings" : "Company Details"}</PageTitle>
          <p className="mt-1 text-sm text-slate-600">
            {isLender
              ? "Your institution's details, as ValuSeal verified them, and its connection to your loan system."
              : "Your company's information, verification, team, alerts and data."}
          </p>
        </div>
        <SectionNavigation sections={sections} />
      </div>
      <Routes>
        <Route index element={<CompanyInfoSection isOwner={isOwner} isLender={isLender} />} />
        {!isLender && (
          <>
            <Route path={sectionPath("verification")} element={<RegistrationSection isOwner={isOwner} />} />
            <Route path={sectionPath("team")} element={<TeamSection isOwner={isOwner} />} />
            <Route path={sectionPath("alerts")} element={<ScanAlertEmailSection isOwner={isOwner} />} />
          </>
        )}
        <Route path={sectionPath("developers")} element={developers} />
        <Route
          path={sectionPath("data")}
          element={
            <div className="space-y-6">
              <FirmDataSection />
              <CloseOrganisationSection />
            </div>
          }
        />
        <Route path={`${sectionPath("developers")}/webhooks/:id`} element={<WebhookEndpointPage isOwner={isOwner} />} />
        <Route path="*" element={<Navigate to={COMPANY_SETTINGS_PATHS.company} replace />} />
      </Routes>
    </div>
  );
}

/** /team for a lender: its members and invitations (a firm's team is a section of Company Details). */
export function TeamPage() {
  const { isOwner } = useSession();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageTitle>Team</PageTitle>
      <TeamSection isOwner={isOwner} />
    </div>
  );
}
