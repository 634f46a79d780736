import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { VALIDITY_DAYS } from "#schema/limits/codes.ts";
import type { CurrentCompany } from "#schema/responses/index.ts";
import { companyDetailsSchema, type CompanyDetailsInput } from "#schema/validation/companies.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useUpdateCompany } from "../api/update-company";

const valuesOf = (company: CurrentCompany): CompanyDetailsInput => ({
  name: company.name,
  email: company.email,
  phone: company.phone ?? "",
  location: company.location ?? "",
  validityDays: String(company.validityDays),
  currentPassword: "",
});

const REVIEW_AFTER_RENAME =
  "ValuSeal has verified your company under this name: a new name is reviewed again before new codes show “Verified Authentic”.";

/**
 * The owner's edit form for the company's name, contact details and how long its valuations stay
 * valid; a lender's form names it an institution and has no validity period (it issues nothing).
 */
export function CompanyDetailsForm({ company, isLender = false }: { company: CurrentCompany; isLender?: boolean }) {
  const noun = isLender ? "Institution" : "Company";
  const toast = useToast();
  const updateCompany = useUpdateCompany();
  const form = useForm<CompanyDetailsInput>({
    resolver: zodResolver(companyDetailsSchema),
    defaultValues: valuesOf(company),
  });
  const showFailure = useFormFailure(form.setError, [
    "name",
    "email",
    "phone",
    "location",
    "validityDays",
    "currentPassword",
  ]);
  const { isDirty } = form.formState;
  // The company email is part of the identity ValuSeal verifies: changing it asks for the password.
  const typedEmail = useWatch({ control: form.control, name: "email" }) ?? "";
  const emailChanging = typedEmail.trim().toLowerCase() !== company.email.toLowerCase();

  const submit = form.handleSubmit((values) =>
    updateCompany.mutate(emailChanging ? values : { ...values, currentPassword: undefined }, {
      onSuccess: (updated) => {
        const emailPending =
          updated.pendingEmail && updated.pendingEmail.email.toLowerCase() === values.email.toLowerCase();
        toast({
          title: "Company details updated",
          description: emailPending
            ? `We sent a confirmation link to ${values.email}. The company email changes when it is followed.`
            : "Your company information has been saved.",
        });
        form.reset(valuesOf(updated));
      },
      onError: (error) => showFailure("Failed to update company details", error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label={`${noun} Name`}
        required
        autoComplete="organization"
        hint={company.verificationStatus === "verified" ? REVIEW_AFTER_RENAME : undefined}
        {...bound(form, "name")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={`${noun} Email`}
          type="email"
          required
          autoComplete="email"
          hint="A new email takes effect once it is confirmed from that address."
          {...bound(form, "email")}
        />
        {emailChanging && (
          <InputField
            label="Your current password"
            type="password"
            required
            autoComplete="current-password"
            hint="Changing the company email sends your company back to ValuSeal's review."
            {...bound(form, "currentPassword")}
          />
        )}
        <InputField label={`${noun} Phone`} type="tel" autoComplete="tel" {...bound(form, "phone")} />
      </div>
      <InputField label={`${noun} Location`} autoComplete="address-level2" {...bound(form, "location")} />
      {!isLender && (
        <InputField
          label="Validity period (days)"
          type="number"
          inputMode="numeric"
          min={VALIDITY_DAYS.min}
          max={VALIDITY_DAYS.max}
          step={1}
          containerClassName="sm:max-w-xs"
          hint={`How long a valuation may be relied on after its valuation date, ${VALIDITY_DAYS.min} to ${VALIDITY_DAYS.max} days. A change applies to new codes; codes already issued keep their Valid Until.`}
          {...bound(form, "validityDays")}
        />
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={updateCompany.isPending || !isDirty}>
          {updateCompany.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
