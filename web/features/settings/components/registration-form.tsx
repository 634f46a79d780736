import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { REGISTRATION_BODIES } from "#schema/limits/companies.ts";
import type { CurrentCompany } from "#schema/responses/index.ts";
import { companyRegistrationSchema, type CompanyRegistrationInput } from "#schema/validation/companies.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField, SelectField, TextareaField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { ISSUER_NOT_VERIFIED } from "#web/lib/verification.ts";
import { useUpdateRegistration } from "../api/update-company";

const valuesOf = (company: CurrentCompany): Partial<CompanyRegistrationInput> => ({
  body: company.registrationBody ?? undefined,
  bodyName: company.registrationBodyName ?? "",
  number: company.registrationNumber ?? "",
  note: company.registrationNote ?? "",
});

/** The owner's form for the firm's professional body, registration number and a note for the reviewer. */
export function RegistrationForm({ company }: { company: CurrentCompany }) {
  const toast = useToast();
  const updateRegistration = useUpdateRegistration();
  const form = useForm<CompanyRegistrationInput>({
    resolver: zodResolver(companyRegistrationSchema),
    defaultValues: valuesOf(company),
  });
  const showFailure = useFormFailure(form.setError, ["body", "bodyName", "number", "note"]);
  const { isDirty } = form.formState;
  const body = useWatch({ control: form.control, name: "body" });

  const submit = form.handleSubmit((values) =>
    updateRegistration.mutate(values, {
      onSuccess: (updated) => {
        toast({
          title: "Registration saved",
          description:
            updated.verificationStatus === "pending"
              ? `ValuSeal will review it. Until then your certificates show “${ISSUER_NOT_VERIFIED}”.`
              : "Your professional registration has been saved.",
        });
        form.reset(valuesOf(updated));
      },
      onError: (error) => {
        showFailure("Failed to save registration", error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Professional body" required {...bound(form, "body")}>
          <option value="">Choose a body</option>
          {REGISTRATION_BODIES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <InputField label="Registration number" required autoComplete="off" {...bound(form, "number")} />
      </div>
      {body === "Other" && (
        <InputField label="Name of the body" required autoComplete="off" {...bound(form, "bodyName")} />
      )}
      <TextareaField
        label="Note for ValuSeal"
        rows={3}
        hint="Optional. Anything that helps ValuSeal check the registration, such as where it is listed."
        {...bound(form, "note")}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={updateRegistration.isPending || !isDirty}>
          {updateRegistration.isPending ? "Saving..." : "Save registration"}
        </Button>
      </div>
    </form>
  );
}
