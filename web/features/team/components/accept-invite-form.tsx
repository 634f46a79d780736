import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { InviteDetails } from "#schema/responses/index.ts";
import { acceptInviteSchema, type AcceptInviteInput } from "#schema/validation/team.ts";
import { Button } from "#web/components/ui/button.tsx";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { serverMessageOf } from "#web/lib/api-client.ts";
import { useAcceptInvite } from "../api/accept-invite";

const EMPTY: AcceptInviteInput = { firstName: "", lastName: "", password: "", confirmPassword: "" };

/** The invitee names themselves and sets a password; the email is the invite's and cannot be changed. */
export function AcceptInviteForm({ token, invite }: { token: string; invite: InviteDetails }) {
  const toast = useToast();
  const navigate = useNavigate();
  const acceptInvite = useAcceptInvite(token);
  const form = useForm<AcceptInviteInput>({ resolver: zodResolver(acceptInviteSchema), defaultValues: EMPTY });

  const submit = form.handleSubmit((values) =>
    acceptInvite.mutate(values, {
      onSuccess: () => {
        toast({
          title: `Welcome to ${invite.companyName}`,
          description: "Your account has been created.",
          keepAfterNavigation: true,
        });
        void navigate("/", { replace: true });
      },
      onError: (error) =>
        toast({
          title: "Failed to join",
          description: serverMessageOf(error) ?? "Failed to create account. Please try again.",
          variant: "destructive",
        }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField label="Email" type="email" value={invite.email} readOnly disabled autoComplete="username" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="First Name" required autoComplete="given-name" {...bound(form, "firstName")} />
        <InputField label="Last Name" required autoComplete="family-name" {...bound(form, "lastName")} />
      </div>
      <InputField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint="At least 10 characters that are hard to guess: a few unrelated words work well."
        {...bound(form, "password")}
      />
      <InputField
        label="Confirm Password"
        type="password"
        required
        autoComplete="new-password"
        {...bound(form, "confirmPassword")}
      />
      <Button type="submit" className="w-full" disabled={acceptInvite.isPending}>
        {acceptInvite.isPending ? "Joining..." : `Join ${invite.companyName}`}
      </Button>
    </form>
  );
}
