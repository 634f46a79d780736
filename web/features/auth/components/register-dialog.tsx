import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { registerSchema } from "../../../../schema/validation/auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { InputField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { useRegister } from "../api/sign-in";

interface Props {
  open: boolean;
  onClose: () => void;
  onSwitchToSignIn: () => void;
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
};

/** After registering: where the confirmation went, and the way on to signing in. */
function CheckInbox({ message, onSwitchToSignIn }: { message: string; onSwitchToSignIn: () => void }) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
        {message}
      </p>
      <p className="text-sm text-slate-600">
        You can sign in now; issuing codes, inviting your team and the other steps that act in your firm's name open
        once your email is confirmed.
      </p>
      <Button className="w-full" onClick={onSwitchToSignIn}>
        Sign In
      </Button>
    </div>
  );
}

export function RegisterDialog({ open, onClose, onSwitchToSignIn }: Props) {
  const toast = useToast();
  const registration = useRegister();
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [sent, setSent] = useState<string | null>(null);
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
      title={sent ? "Check Your Email" : "Create Your Valuer Account"}
      description={
        sent
          ? "One more step to confirm your address."
          : "Register your valuation company to start generating verification codes"
      }
      size="lg"
    >
      {sent ? (
        <CheckInbox
          message={sent}
          onSwitchToSignIn={() => {
            setSent(null);
            onSwitchToSignIn();
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
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
            label="Company Name"
            autoComplete="organization"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <InputField
            label="Company Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register("email")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Company Phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...form.register("phone")}
            />
            <InputField
              label="Company Location"
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
