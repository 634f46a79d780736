import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { REDIRECT_DELAY_MS } from "#schema/limits.ts";
import { loginSchema, type LoginInput } from "#schema/validation/auth.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import type { SecondFactorChallenge } from "#schema/responses/index.ts";
import { useLogin, usePasskeySignIn, useSecondFactorSignIn } from "../api/sign-in";
import { showServerFieldErrors } from "#web/lib/field-errors.ts";
import { secondFactorCodeSchema, type SecondFactorCodeInput } from "#schema/validation/security.ts";
import { ForgotPasswordForm, SignInEmailField } from "./forgot-password-form";
import { LanguageSwitch } from "#web/components/ui/language-switch.tsx";
import { useTexts } from "#web/lib/language.ts";
import { AUTH_TEXTS, say } from "../texts";

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
  const t = useTexts(AUTH_TEXTS);
  return () => {
    toast({ title: t.loginSuccessful, description: t.welcomeBack, keepAfterNavigation: true });
    onClose();
    setTimeout(() => void navigate(next ?? "/"), REDIRECT_DELAY_MS.login);
  };
}

function useLoginFailed() {
  const toast = useToast();
  const t = useTexts(AUTH_TEXTS);
  return (error: Error) =>
    toast({
      title: t.loginFailed,
      description: error instanceof ApiRequestError ? t.fieldError(error.serverMessage) : t.invalidCredentials,
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
  const t = useTexts(AUTH_TEXTS);
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
          {passkeySignIn.isPending ? t.waitingForPasskey : t.usePasskey}
        </Button>
      )}
      <p className="text-sm text-slate-600">{hasApp ? t.enterAppCode : t.enterRecoveryCode}</p>
      <InputField
        label={t.authenticationCode}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        {...bound(form, "code")}
      />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? t.checking : t.verifyAndSignIn}
      </Button>
    </form>
  );
}

function SignInForm({ onClose, onSwitchToRegister, onForgotPassword, next }: SignInFormProps) {
  const login = useLogin();
  const signedIn = useSignedIn(onClose, next);
  const loginFailed = useLoginFailed();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const t = useTexts(AUTH_TEXTS);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

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
      <SignInEmailField label={t.email} {...bound(form, "email", { translate: (message) => say(t, message) })} />
      <InputField
        label={t.password}
        type="password"
        autoComplete="current-password"
        {...bound(form, "password", { translate: (message) => say(t, message) })}
      />
      <div className="-mt-2 flex justify-end">
        <Button variant="link" className="text-sm" onClick={onForgotPassword}>
          {t.forgotPassword}
        </Button>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t.signingIn : t.signIn}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t.noAccount}{" "}
        <Button variant="link" onClick={onSwitchToRegister}>
          {t.createOne}
        </Button>
      </p>
    </form>
  );
}

/** One dialog for signing in and for asking for a password-reset link; "Forgot password?" switches between them. */
export function SignInDialog({ open, forgotPassword, onBackToSignIn, ...signIn }: Props) {
  const t = useTexts(AUTH_TEXTS);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && signIn.onClose()}
      title={forgotPassword ? t.forgotTitle : t.signInTitle}
      description={
        forgotPassword
          ? t.forgotDescription
          : signIn.next?.startsWith("/reliance/")
            ? t.signInForReliance
            : t.signInDescription
      }
    >
      <LanguageSwitch className="-mt-2 mb-2" />
      {forgotPassword ? <ForgotPasswordForm onBackToSignIn={onBackToSignIn} /> : <SignInForm {...signIn} />}
    </Dialog>
  );
}
