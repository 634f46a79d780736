import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { CreatedInvite, Json } from "../../../../schema/responses";
import { inviteSchema, type InviteInput } from "../../../../schema/validation/team";
import { Button } from "../../../components/ui/button";
import { useFailureToast } from "../../../components/ui/failure-toast";
import { InputField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ApiRequestError } from "../../../lib/api-client";
import { useCreateInvite } from "../api/create-invite";

/** The owner types a colleague's email and gets a one-time invite link to send them. */
export function InviteMemberForm({ onCreated }: { onCreated: (invite: Json<CreatedInvite>) => void }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const createInvite = useCreateInvite();
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    createInvite.mutate(values, {
      onSuccess: (invite) => {
        toast({ title: "Invite link created", description: `Copy the link and send it to ${invite.email}.` });
        form.reset();
        onCreated(invite);
      },
      onError: (error) => {
        // The email already has an account: say so under the field as well.
        if (error instanceof ApiRequestError && error.status === 409) {
          form.setError("email", { message: error.serverMessage });
        }
        showFailure("Failed to create invite", error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <InputField
        label="Invite by email"
        type="email"
        autoComplete="off"
        placeholder="colleague@example.com"
        containerClassName="flex-1"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Button type="submit" disabled={createInvite.isPending} className="sm:mt-6">
        {createInvite.isPending ? "Creating Link..." : "Create Invite Link"}
      </Button>
    </form>
  );
}
