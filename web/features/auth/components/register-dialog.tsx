import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { LENDER_TYPE_NAMES, LENDER_TYPES, type OrganisationKind } from "../../../../schema/limits";
import { registerSchema } from "../../../../schema/validation/auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorSummary } from "../../../components/ui/error-summary";
import { InputField, SelectField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { useRegister } from "../api/sign-in";

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
function OrganisationKindChoice({ register }: { register: ReturnType<typeof useForm<RegisterForm>>["register"] }) {
  const option =
    "flex cursor-pointer items-start gap-3 rounded-md border border-line p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">What does your organisation do?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className={option}>
          <input type="radio" value="issuer" className="mt-1" {...register("organisationKind")} />
          <span>
            <span className="block font-medium text-slate-900">I issue valuations</span>
            <span className="text-slate-600">A valuation firm: verification codes on its reports</span>
          </span>
        </label>
        <label className={option}>
          <input type="radio" value="lender" className="mt-1" {...register("organisationKind")} />
          <span>
            <span className="block font-medium text-slate-900">I rely on valuations</span>
            <span className="text-slate-600">A bank, SACCO or microfinance lender</span>
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
}: {
  message: string;
  isLender: boolean;
  onSwitchToSignIn: () => void;
}) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
        {message}
      </p>
      <p className="text-sm text-slate-600">
        {isLender
          ? "Follow the link in the email to confirm it; it brings you back here to sign in. ValuSeal verifies your institution before reliance can be recorded."
          : "You can sign in now; issuing codes, inviting your team and the other steps that act in your firm's name open once your email is confirmed."}
      </p>
      <Button className="w-full" onClick={onSwitchToSignIn}>
        Sign In
      </Button>
    </div>
  );
}

export function RegisterDialog({ open, onClose, onSwitchToSignIn, kind, next }: Props) {
  const toast = useToast();
  const registration = useRegister();
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
  const organisation = isLender ? "Institution" : "Company";
  const close = () => {
    setSent(null);
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: "Registration Successful", description: "Check your email to confirm your address." });
        form.reset();
        setSent(message);
      },
      onError: (error) =>
        toast({
          title: "Registration Failed",
          description:
            error instanceof ApiRequestError ? error.serverMessage : "Failed to create account. Please try again.",
          variant: "destructive",
        }),
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={sent ? "Check Your Email" : isLender ? "Create Your Lender Account" : "Create Your Valuer Account"}
      description={
        sent
          ? "One more step to confirm your address."
          : isLender
            ? "Register your institution to record reliance on valuations and be told when they change"
            : "Register your valuation company to start generating verification codes"
      }
      size="lg"
    >
      {sent ? (
        <CheckInbox
          message={sent}
          isLender={isLender}
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
          />
          <OrganisationKindChoice register={form.register} />
          {isLender && (
            <SelectField label="Kind of Lender" error={errors.lenderType?.message} {...form.register("lenderType")}>
              <option value="">Choose…</option>
              {LENDER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {LENDER_TYPE_NAMES[type]}
                </option>
              ))}
            </SelectField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="First Name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register("firstName")}
            />
            <InputField
              label="Last Name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register("lastName")}
            />
          </div>
          <InputField
            label={`${organisation} Name`}
            autoComplete="organization"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <InputField
            label={`${organisation} Email`}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register("email")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={`${organisation} Phone`}
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...form.register("phone")}
            />
            <InputField
              label={`${organisation} Location`}
              autoComplete="address-level2"
              error={errors.location?.message}
              {...form.register("location")}
            />
          </div>
          <InputField
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register("password")}
          />
          <InputField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register("confirmPassword")}
          />
          <Button type="submit" className="w-full" disabled={registration.isPending}>
            {registration.isPending ? "Creating Account..." : "Create Account"}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Already have an account?{" "}
            <Button variant="link" onClick={onSwitchToSignIn}>
              Sign in
            </Button>
          </p>
        </form>
      )}
    </Dialog>
  );
}
