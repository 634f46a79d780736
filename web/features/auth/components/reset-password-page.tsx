import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { passwordResetSchema, type PasswordResetInput } from "#schema/validation/auth.ts";
import { PublicCardPage } from "#web/components/layout/public-page.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useForgetSession } from "#web/lib/session-changes.ts";
import { useResetPassword } from "../api/password-reset";
import { useAuthDialogs } from "./auth-dialogs";
import { INCOMPLETE_LINK, LinkProblem, linkToken } from "./emailed-link";

/** A link that cannot reset anything: say why, and offer to send a new one. */
function DeadLink({ message }: { message: string }) {
  const { openForgotPassword } = useAuthDialogs();
  return (
    <>
      <LinkProblem>{message}</LinkProblem>
      <Button onClick={openForgotPassword}>Request a new link</Button>
    </>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const navigate = useNavigate();
  const forgetSession = useForgetSession();
  const { openSignIn } = useAuthDialogs();
  const resetPassword = useResetPassword();
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });

  const submit = form.handleSubmit((values) =>
    resetPassword.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: "Password changed", description: message, keepAfterNavigation: true });
        // Every session of the account has ended on the server: forget this browser's too.
        forgetSession();
        void navigate("/", { replace: true });
        openSignIn();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 400) setDeadLink(error.serverMessage);
        showFailure("Failed to reset password", error);
      },
    }),
  );

  if (deadLink) return <DeadLink message={deadLink} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Choose a new password of at least 10 characters that is hard to guess. You will be signed out everywhere and
        sign in again with it.
      </p>
      <InputField
        label="New Password"
        type="password"
        required
        autoComplete="new-password"
        {...bound(form, "password")}
      />
      <InputField
        label="Confirm New Password"
        type="password"
        required
        autoComplete="new-password"
        {...bound(form, "confirmPassword")}
      />
      <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? "Saving..." : "Set New Password"}
      </Button>
    </form>
  );
}

/** /reset-password?token=… (public): the link from a password-reset email sets a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = linkToken(params);
  return (
    <PublicCardPage title="Reset your password">
      {token ? <ResetPasswordForm token={token} /> : <DeadLink message={INCOMPLETE_LINK} />}
    </PublicCardPage>
  );
}
