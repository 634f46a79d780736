import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { DEFAULT_TIME_ZONE } from "#schema/limits/companies.ts";
import { SCAN_ALERT_MODES, type ScanAlertMode } from "#schema/limits/scans.ts";
import type { CurrentCompany } from "#schema/responses/index.ts";
import { scanAlertSettingsSchema, type ScanAlertSettingsInput } from "#schema/validation/companies.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, SelectField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useUpdateScanAlertSettings } from "../api/update-company";
import { CompanySection } from "./company-section";
import { DetailList } from "#web/components/ui/detail-list.tsx";

const MODES: Record<ScanAlertMode, { label: string; hint: string }> = {
  "per-scan": { label: "Per scan", hint: "An email each time one of your codes is scanned." },
  daily: { label: "Daily digest", hint: "One email a day, at 08:00 in your time zone, if there were scans." },
  none: { label: "None", hint: "No scan alert emails." },
};

/** Zones most of our firms work in, offered first; every zone the browser knows follows. */
const COMMON_TIME_ZONES = [
  DEFAULT_TIME_ZONE,
  "Africa/Kampala",
  "Africa/Dar_es_Salaam",
  "Africa/Kigali",
  "Africa/Lagos",
  "Africa/Johannesburg",
  "Africa/Cairo",
  "Europe/London",
  "UTC",
];

function otherTimeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = known.includes(current) ? known : [...known, current];
  return all.filter((zone) => !COMMON_TIME_ZONES.includes(zone));
}

function ScanAlertSettingsForm({ company }: { company: CurrentCompany }) {
  const toast = useToast();
  const updateSettings = useUpdateScanAlertSettings();
  const form = useForm<ScanAlertSettingsInput>({
    resolver: zodResolver(scanAlertSettingsSchema),
    // `values`: the form follows the saved settings.
    values: { mode: company.scanAlertMode, timeZone: company.timeZone || DEFAULT_TIME_ZONE },
  });
  const showFailure = useFormFailure(form.setError, ["mode", "timeZone"]);
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) =>
    updateSettings.mutate(values, {
      onSuccess: () => toast({ title: "Scan alert settings saved" }),
      onError: (error) => showFailure("Failed to save scan alert settings", error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Send scan alert emails</legend>
        {SCAN_ALERT_MODES.map((mode) => (
          <label key={mode} className="flex items-start gap-3 text-sm text-slate-700">
            <input type="radio" value={mode} className="mt-0.5 h-4 w-4 accent-blue-700" {...form.register("mode")} />
            <span>
              <span className="block font-medium text-slate-900">{MODES[mode].label}</span>
              <span className="block text-xs text-slate-500">{MODES[mode].hint}</span>
            </span>
          </label>
        ))}
        {errors.mode?.message && (
          <p role="alert" className="text-sm text-red-600">
            {errors.mode.message}
          </p>
        )}
      </fieldset>
      <SelectField
        label="Time zone"
        hint="The daily digest goes out at 08:00 in this time zone."
        containerClassName="sm:max-w-sm"
        {...bound(form, "timeZone")}
      >
        <optgroup label="Common">
          {COMMON_TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </optgroup>
        <optgroup label="All time zones">
          {otherTimeZones(company.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <div className="flex justify-end">
        <Button type="submit" disabled={updateSettings.isPending || !isDirty}>
          {updateSettings.isPending ? "Saving..." : "Save scan alerts"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Scan alerts by email: the owner always receives them, members who opt in (Profile Settings) too;
 * the owner chooses one per scan, a daily digest at 08:00 in the company's time zone, or none.
 */
export function ScanAlertEmailSection({ isOwner }: { isOwner: boolean }) {
  return (
    <CompanySection
      title="Scan alerts by email"
      description="Sent to the owner, and to members who turn them on in their Profile Settings."
      loadingLabel="Loading scan alert settings..."
    >
      {(company) =>
        isOwner ? (
          <ScanAlertSettingsForm company={company} />
        ) : (
          <DetailList
            rows={[
              ["Scan alert emails", MODES[company.scanAlertMode].label],
              ["Time zone", company.timeZone],
            ]}
          />
        )
      }
    </CompanySection>
  );
}
