import { ISSUER_REVIEW_STATES, type IssuerReviewState } from "#schema/limits/companies.ts";
import { SelectField } from "#web/components/ui/field.tsx";
import { VERIFICATION_LABELS } from "./status-badges";

/** Reads the `verification` query parameter; anything but a known state means every company. */
export const verificationFilterOf = (value: string | null): IssuerReviewState | null =>
  ISSUER_REVIEW_STATES.find((status) => status === value) ?? null;

/** All / Awaiting verification / Verified / Not verified, above the companies table. */
export function VerificationFilter({
  value,
  onChange,
}: {
  value: IssuerReviewState | null;
  onChange: (value: IssuerReviewState | null) => void;
}) {
  return (
    <SelectField
      label="Verification"
      value={value ?? ""}
      onChange={(event) => onChange(verificationFilterOf(event.target.value))}
      containerClassName="w-full sm:w-56"
    >
      <option value="">All</option>
      {ISSUER_REVIEW_STATES.map((status) => (
        <option key={status} value={status}>
          {VERIFICATION_LABELS[status]}
        </option>
      ))}
    </SelectField>
  );
}
