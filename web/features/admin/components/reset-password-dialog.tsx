import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { AdminCompany } from "#schema/responses/index.ts";
import { resetPasswordSchema, type ResetPasswordInput } from "#schema/validation/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useResetCompanyPassword } from "../api/reset-company-password";

function ResetPasswordForm({ company, onDone }: { company: AdminCompany; onDone: () => void }) {
  const resetPassword = useResetCompanyPassword();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "" },
  });
  // The button stays disabled while the password is blank once trimmed.
  const isBlank = useWatch({ control: form.control, name: "password" }).trim() === "";
  const submit = form.handleSubmit(({ password }) =>
    resetPassword.mutate({ companyId: company.id, password }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField label="New Password" type="password" autoComplete="new-password" {...bound(form, "password")} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBlank || resetPassword.isPending}>
          {resetPassword.isPending ? "Resetting..." : "Reset Password"}
        </Button>
      </div>
    </form>
  );
}

/** Reset: sets a new password for the company owner, who is signed out everywhere. */
export function ResetPasswordDialog({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reset Password"
      description={
        company &&
        `Set a new password for ${company.userEmail}, the owner of ${company.name}. They are signed out everywhere and sign in again with the new password.`
      }
    >
      {/* Mounted per company, so each opening starts with an empty field. */}
      {company && <ResetPasswordForm key={company.id} company={company} onDone={onClose} />}
    </Dialog>
  );
}
