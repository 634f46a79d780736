import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { REDIRECT_DELAY_MS } from "../../../../schema/limits";
import { loginSchema, type LoginInput } from "../../../../schema/validation/auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { InputField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ApiRequestError } from "../../../lib/api-client";
import type { SecondFactorChallenge } from "../../../../schema/responses";
import { useLogin, usePasskeySignIn, useSecondFactorSignIn } from "../api/sign-in";
import { showServerFieldErrors } from "../../../lib/field-errors";
import { secondFactorCodeSchema, type SecondFactorCodeInput } from "../../../../schema/validation/security";
import { ForgotPasswordForm, SignInEmailField } from "./forgot-password-form";

interface Props {
  open: boolean;
  /** Where to go once signed in (a page of this site); the start page otherwise. */
  next: string | null;
  /** Shows the form that asks for a password-reset link instead of the sign-in form. */
  forgotPassword: boolean;
  onClose: () => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
  onBackToSignIn: () => void;
}

type SignInFormProps = Pick<Props, "onClose" | "onSwitchToRegister" | "onForgotPassword" | "next">;

/** What follows a successful sign-in, whichever step finished it: the page the person was going to, or the start. */
function useSignedIn(onClose: () => void, next: string | null) {
  const toast = useToast();
  const navigate = useNavigate();
  return () => {
    toast({ title: "Login Successful", description: "Welcome back!", keepAfterNavigation: true });
    onClose();
    setTimeout(() => navigate(next ?? "/"), REDIRECT_DELAY_MS.login);
  };
}

function useLoginFailed() {
  const toast = useToast();
  return (error: Error) =>
    toast({
      title: "Login Failed",
      description: error instanceof ApiRequestError ? error.serverMessage : "Invalid email or password",
      variant: "destructive",
    });
}

/** The second step for an account with two-step sign-in: the code from the app, or a recovery code. */
function SecondFactorForm({
  challenge,
  onClose,
  next,
}: {
  challenge: SecondFactorChallenge;
  onClose: () => void;
  next: string | null;
}) {
  const signIn = useSecondFactorSignIn();
  const passkeySignIn = usePasskeySignIn();
  const signedIn = useSignedIn(onClose, next);
  const loginFailed = useLoginFailed();
  const form = useForm<SecondFactorCodeInput>({
    resolver: zodResolver(secondFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const submit = form.handleSubmit(({ code }) =>
    signIn.mutate(
      { challenge: challenge.challenge, code },
      {
        onSuccess: signedIn,
        onError: (error) => {
          // A wrong code belongs to the field; anything else (too many tries, an expired step) to a toast.
          if (!showServerFieldErrors(error, form.setError, ["code"])) loginFailed(error);
        },
      },
    ),
  );
  const signInWithPasskey = () =>
    passkeySignIn.mutate(challenge.challenge, {
      onSuccess: signedIn,
      // The browser's own dialog was closed or timed out: nothing to announce beyond the toast.
      onError: loginFailed,
    });
  const hasApp = challenge.methods.includes("totp");
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {challenge.methods.includes("passkey") && (
        <Button className="w-full" onClick={signInWithPasskey} disabled={passkeySignIn.isPending}>
          {passkeySignIn.isPending ? "Waiting for your passkey..." : "Use a Passkey"}
        </Button>
      )}
      <p className="text-sm text-slate-600">
        {hasApp
          ? "Enter the 6-digit code from your authenticator app, or one of your recovery codes."
          : "Or enter one of your recovery codes."}
      </p>
      <InputField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register("code")}
      />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Checking..." : "Verify and Sign In"}
      </Button>
    </form>
  );
}

function SignInForm({ onClose, onSwitchToRegister, onForgotPassword, next }: SignInFormProps) {
  const login = useLogin();
  const signedIn = useSignedIn(onClose, next);
  const loginFailed = useLoginFailed();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if ("secondFactorRequired" in answer) return setChallenge(answer);
        form.reset();
        signedIn();
      },
      // A wrong email or password is said on the password field; anything else (a deactivated
      // account, too many attempts, no connection) in the "Login Failed" toast.
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, ["email", "password"])) loginFailed(error);
      },
    }),
  );

  if (challenge) return <SecondFactorForm challenge={challenge} onClose={onClose} next={next} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SignInEmailField error={errors.email?.message} {...form.register("email")} />
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <div className="-mt-2 flex justify-end">
        <Button variant="link" className="text-sm" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? "Signing In..." : "Sign In"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don't have an account?{" "}
        <Button variant="link" onClick={onSwitchToRegister}>
          Create one
        </Button>
      </p>
    </form>
  );
}

/** One dialog for signing in and for asking for a password-reset link; "Forgot password?" switches between them. */
export function SignInDialog({ open, forgotPassword, onBackToSignIn, ...signIn }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && signIn.onClose()}
      title={forgotPassword ? "Forgot Password" : "Sign In"}
      description={
        forgotPassword
          ? "Enter your sign-in email and we will send you a link to choose a new password."
          : signIn.next?.startsWith("/reliance/")
            ? "Sign in to record reliance on the valuation"
            : "Access your valuer dashboard"
      }
    >
      {forgotPassword ? <ForgotPasswordForm onBackToSignIn={onBackToSignIn} /> : <SignInForm {...signIn} />}
    </Dialog>
  );
}
