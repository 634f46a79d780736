import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { ProfileEmail } from "#schema/responses/index.ts";
import { changeEmailSchema, type ChangeEmailInput } from "#schema/validation/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { useFormFailure, useRedirectOnUnauthorizedQuery } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useChangeEmail, useProfileEmail } from "../api/profile-email";
import { PendingEmailNotice } from "./pending-email-notice";

const EMPTY: ChangeEmailInput = { email: "", currentPassword: "" };

function CurrentEmail({ profile }: { profile: ProfileEmail }) {
  return (
    <div className="space-y-3">
      <dl>
        <dt className="text-sm font-medium text-slate-500">Current email</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">
          <span className="[overflow-wrap:anywhere]">{profile.email}</span>
          <StatusBadge status={profile.emailVerified ? "email-confirmed" : "email-unconfirmed"} />
        </dd>
      </dl>
      {profile.pending && (
        <PendingEmailNotice>
          Waiting for {profile.pending.email} to confirm: the link we sent there works until{" "}
          {formatDateTime(profile.pending.expiresAt)}. You sign in with {profile.email} until then.
        </PendingEmailNotice>
      )}
    </div>
  );
}

/** New address plus the current password; nothing changes until the new address follows its link. */
function ChangeEmailForm() {
  const toast = useToast();
  const changeEmail = useChangeEmail();
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailSchema), defaultValues: EMPTY });
  const showFailure = useFormFailure(form.setError, ["email", "currentPassword"]);

  const submit = form.handleSubmit((values) =>
    changeEmail.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: "Confirmation email sent", description: message });
        form.reset(EMPTY);
      },
      onError: (error) => showFailure("Failed to change email", error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="New email" type="email" autoComplete="email" {...bound(form, "email")} />
        <InputField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...bound(form, "currentPassword")}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={changeEmail.isPending}>
          {changeEmail.isPending ? "Sending..." : "Change email"}
        </Button>
      </div>
    </form>
  );
}

/** The address the user signs in with, a change awaiting confirmation, and the form to change it. */
export function SignInEmailSection() {
  const profile = useProfileEmail();
  useRedirectOnUnauthorizedQuery(profile.error);
  return (
    <SectionCard
      title="Sign-in email"
      description="We send a confirmation link to the new address; your email changes when you follow it."
    >
      <QueryContent query={profile} loadingLabel="Loading your email..." failureTitle="Failed to load your email">
        {(data) => <CurrentEmail profile={data} />}
      </QueryContent>
      <ChangeEmailForm />
    </SectionCard>
  );
}
