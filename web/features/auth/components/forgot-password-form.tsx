import { zodResolver } from "@hookform/resolvers/zod";
import { forwardRef, type ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { passwordResetRequestSchema, type PasswordResetRequestInput } from "#schema/validation/auth.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useRequestPasswordReset } from "../api/password-reset";
import { useTexts } from "#web/lib/language.ts";
import { AUTH_TEXTS, say } from "../texts";

type EmailFieldProps = Omit<ComponentProps<typeof InputField>, "type" | "autoComplete">;

/** The account's sign-in email, asked for alike when signing in and when asking for a reset link. */
export const SignInEmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function SignInEmailField(props, ref) {
  return <InputField ref={ref} type="email" autoComplete="email" {...props} />;
});

/**
 * Asks for a password-reset link. The server answers the same words whether or not the email has
 * an account, and they are shown as they are.
 */
export function ForgotPasswordForm({ onBackToSignIn }: { onBackToSignIn: () => void }) {
  const showFailure = useFailureToast();
  const requestReset = useRequestPasswordReset();
  const t = useTexts(AUTH_TEXTS);
  const form = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: "" },
  });

  const submit = form.handleSubmit((values) =>
    requestReset.mutate(values, { onError: (error) => showFailure(t.resetFailed, error) }),
  );

  const back = (
    <p className="text-center text-sm text-slate-600">
      <Button variant="link" onClick={onBackToSignIn}>
        {t.backToSignIn}
      </Button>
    </p>
  );

  if (requestReset.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {requestReset.data.message}
        </p>
        {back}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SignInEmailField
        label={t.email}
        hint={t.resetHint}
        {...bound(form, "email", { translate: (message) => say(t, message) })}
      />
      <Button type="submit" className="w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? t.sending : t.sendResetLink}
      </Button>
      {back}
    </form>
  );
}
