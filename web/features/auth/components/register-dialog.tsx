import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { LENDER_TYPES, type OrganisationKind } from "#schema/limits/companies.ts";
import { registerSchema } from "#schema/validation/auth.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { ErrorSummary } from "#web/components/ui/error-summary.tsx";
import { bound, InputField, SelectField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useRegister } from "../api/sign-in";
import { LanguageSwitch } from "#web/components/ui/language-switch.tsx";
import { useLanguage, useTexts } from "#web/lib/language.ts";
import { AUTH_TEXTS, say, type AuthTexts } from "../texts";

interface Props {
  open: boolean;
  onClose: () => void;
  onSwitchToSignIn: () => void;
  /** What the organisation does, chosen already when the person came as a lender. */
  kind: OrganisationKind;
  /** Where the person was going: carried through the confirmation email to the sign-in after it. */
  next: string | null;
}

type RegisterForm = z.input<typeof registerSchema>;

const EMPTY: RegisterForm = {
  firstName: "",
  lastName: "",
  name: "",
  email: "",
  phone: "",
  location: "",
  password: "",
  confirmPassword: "",
  organisationKind: "issuer",
};

/** What the organisation does: it decides the workspace its members get. */
function OrganisationKindChoice({
  register,
  t,
}: {
  register: ReturnType<typeof useForm<RegisterForm>>["register"];
  t: AuthTexts;
}) {
  const option =
    "flex cursor-pointer items-start gap-3 rounded-md border border-line p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{t.whatDoYouDo}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className={option}>
          <input type="radio" value="issuer" className="mt-1" {...register("organisationKind")} />
          <span>
            <span className="block font-medium text-slate-900">{t.issueTitle}</span>
            <span className="text-slate-600">{t.issueText}</span>
          </span>
        </label>
        <label className={option}>
          <input type="radio" value="lender" className="mt-1" {...register("organisationKind")} />
          <span>
            <span className="block font-medium text-slate-900">{t.relyTitle}</span>
            <span className="text-slate-600">{t.relyText}</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}

/** After registering: where the confirmation went, and the way on to signing in. */
function CheckInbox({
  message,
  isLender,
  onSwitchToSignIn,
  t,
}: {
  message: string;
  isLender: boolean;
  onSwitchToSignIn: () => void;
  t: AuthTexts;
}) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
        {message}
      </p>
      <p className="text-sm text-slate-600">{isLender ? t.afterLender : t.afterIssuer}</p>
      <Button className="w-full" onClick={onSwitchToSignIn}>
        {t.signIn}
      </Button>
    </div>
  );
}

export function RegisterDialog({ open, onClose, onSwitchToSignIn, kind, next }: Props) {
  const toast = useToast();
  const registration = useRegister();
  const language = useLanguage();
  const t = useTexts(AUTH_TEXTS);
  // The error summary at the top takes the focus after a failed submit, not the first field.
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerSchema),
    defaultValues: { ...EMPTY, organisationKind: kind, ...(next ? { next } : {}) },
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { errors } = form.formState;
  const [sent, setSent] = useState<string | null>(null);
  // A lender's fields name an institution; a firm's keep the product's own "Company" labels.
  const isLender = useWatch({ control: form.control, name: "organisationKind" }) === "lender";
  const organisation = isLender ? t.organisation.lender : t.organisation.issuer;
  const close = () => {
    setSent(null);
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    registration.mutate(
      { ...values, language },
      {
        onSuccess: ({ message }) => {
          toast({ title: t.registrationSuccessful, description: t.checkYourEmail });
          form.reset();
          // The server's words are English; the same fact in the reader's language otherwise.
          setSent(language === "en" ? message : t.sentTo(values.email));
        },
        onError: (error) =>
          toast({
            title: t.registrationFailed,
            description:
              error instanceof ApiRequestError ? t.fieldError(error.serverMessage) : t.registrationFailedGeneric,
            variant: "destructive",
          }),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={sent ? t.checkEmailTitle : isLender ? t.registerLender : t.registerValuer}
      description={
        sent ? t.checkEmailDescription : isLender ? t.registerLenderDescription : t.registerValuerDescription
      }
      size="lg"
    >
      {sent ? (
        <CheckInbox
          message={sent}
          isLender={isLender}
          t={t}
          onSwitchToSignIn={() => {
            setSent(null);
            onSwitchToSignIn();
          }}
        />
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
          <ErrorSummary
            formRef={formRef}
            submitCount={form.formState.submitCount}
            errorCount={Object.keys(errors).length}
            words={t.errorSummary}
          />
          <LanguageSwitch className="-mt-2" />
          <OrganisationKindChoice register={form.register} t={t} />
          {isLender && (
            <SelectField
              label={t.kindOfLender}
              {...bound(form, "lenderType", { translate: (message) => say(t, message) })}
            >
              <option value="">{t.choose}</option>
              {LENDER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t.lenderTypes[type]}
                </option>
              ))}
            </SelectField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={t.firstName}
              autoComplete="given-name"
              {...bound(form, "firstName", { translate: (message) => say(t, message) })}
            />
            <InputField
              label={t.lastName}
              autoComplete="family-name"
              {...bound(form, "lastName", { translate: (message) => say(t, message) })}
            />
          </div>
          <InputField
            label={t.nameOf(organisation)}
            autoComplete="organization"
            {...bound(form, "name", { translate: (message) => say(t, message) })}
          />
          <InputField
            label={t.emailOf(organisation)}
            type="email"
            autoComplete="email"
            {...bound(form, "email", { translate: (message) => say(t, message) })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={t.phoneOf(organisation)}
              type="tel"
              autoComplete="tel"
              {...bound(form, "phone", { translate: (message) => say(t, message) })}
            />
            <InputField
              label={t.locationOf(organisation)}
              autoComplete="address-level2"
              {...bound(form, "location", { translate: (message) => say(t, message) })}
            />
          </div>
          <InputField
            label={t.password}
            type="password"
            autoComplete="new-password"
            {...bound(form, "password", { translate: (message) => say(t, message) })}
          />
          <InputField
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            {...bound(form, "confirmPassword", { translate: (message) => say(t, message) })}
          />
          <Button type="submit" className="w-full" disabled={registration.isPending}>
            {registration.isPending ? t.creatingAccount : t.createAccount}
          </Button>
          <p className="text-center text-sm text-slate-600">
            {t.haveAccount}{" "}
            <Button variant="link" onClick={onSwitchToSignIn}>
              {t.signInLink}
            </Button>
          </p>
        </form>
      )}
    </Dialog>
  );
}
