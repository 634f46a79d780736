import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { changePasswordSchema, type ChangePasswordInput } from "#schema/validation/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useChangePassword } from "../api/change-password";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change password: the current one is required, and every other signed-in device is signed out. */
export function ChangePasswordForm() {
  const toast = useToast();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const showFailure = useFormFailure(form.setError, ["currentPassword", "newPassword", "confirmPassword"]);

  const submit = form.handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => {
        toast({ title: "Password changed", description: "You have been signed out on your other devices." });
        form.reset(EMPTY);
      },
      onError: (error) => showFailure("Failed to change password", error),
    }),
  );

  return (
    <SectionCard
      title="Change Password"
      description="Use at least 10 characters that are hard to guess: a few unrelated words work well. Your other signed-in devices will be signed out."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <InputField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...bound(form, "currentPassword")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="New Password"
            type="password"
            autoComplete="new-password"
            {...bound(form, "newPassword")}
          />
          <InputField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            {...bound(form, "confirmPassword")}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? "Changing Password..." : "Change Password"}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
