import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { INVITE_VALID_DAYS, inviteSchema, type InviteInput } from "#schema/validation/team.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useCreateInvite } from "../api/create-invite";

/** Said after an invitation or a resend: the owner never sees the link, only that it went out. */
export const INVITATION_SENT_DETAIL = "The link in the email works once; you can resend or revoke it below.";

/** The owner types a colleague's email; ValuSeal emails them a one-time link to join. */
export function InviteMemberForm() {
  const toast = useToast();
  const createInvite = useCreateInvite();
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "" } });
  const showFailure = useFormFailure(form.setError, ["email"]);

  const submit = form.handleSubmit((values) =>
    createInvite.mutate(values, {
      onSuccess: (invite) => {
        toast({ title: `Invitation sent to ${invite.email}`, description: INVITATION_SENT_DETAIL });
        form.reset();
      },
      onError: (error) => showFailure("Failed to send invitation", error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <InputField
        label="Invite by email"
        type="email"
        autoComplete="off"
        placeholder="colleague@example.com"
        hint={`We email them a link to join; it works once and expires after ${INVITE_VALID_DAYS} days.`}
        containerClassName="flex-1"
        {...bound(form, "email")}
      />
      <Button type="submit" disabled={createInvite.isPending} className="sm:mt-6">
        {createInvite.isPending ? "Sending..." : "Send Invitation"}
      </Button>
    </form>
  );
}
