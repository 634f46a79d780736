import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { PublicUser } from "#schema/responses/index.ts";
import { CLOSING_GRACE_DAYS } from "#schema/limits/privacy.ts";
import { accountDeletionSchema, type AccountDeletionInput } from "#schema/validation/privacy.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useScheduleAccountDeletion } from "../api/closing";
import { UndoDeletionButton } from "./undo-closing-buttons";

const EMPTY: AccountDeletionInput = { currentPassword: "" };

/**
 * Profile Settings → Delete your account: after the grace, the person's name, email and sign-in
 * details are erased; codes stay with the firm. An owner closes the organisation instead.
 */
export function DeleteAccountSection({ user, isOwner }: { user: PublicUser; isOwner: boolean }) {
  const toast = useToast();
  const schedule = useScheduleAccountDeletion();
  const form = useForm<AccountDeletionInput>({ resolver: zodResolver(accountDeletionSchema), defaultValues: EMPTY });
  const showFailure = useFormFailure(form.setError, ["currentPassword"]);
  const submit = form.handleSubmit((values) =>
    schedule.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: "Account deletion scheduled", description: answer.message });
        form.reset(EMPTY);
      },
      onError: (error) => showFailure("Failed to schedule deletion", error),
    }),
  );

  return (
    <SectionCard
      title="Delete your account"
      description={`${CLOSING_GRACE_DAYS} days after you ask, your name, email and sign-in details are erased and you are signed out everywhere. Codes you issued stay verifiable: they belong to your firm. Download your data first if you want a copy.`}
    >
      {user.deletionDueAt ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-red-800">
            Your account will be deleted on {formatDate(user.deletionDueAt)}.
          </p>
          <UndoDeletionButton />
        </div>
      ) : isOwner && user.company ? (
        <p className="text-sm text-slate-700">
          You own {user.company.name}. Close the organisation in{" "}
          <Link className="font-medium text-brand-700 underline" to="/settings/company/data">
            Company Details → Data
          </Link>
          ; your account is deleted with it.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <InputField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...bound(form, "currentPassword")}
          />
          <div className="flex justify-end">
            <Button type="submit" variant="dangerOutline" disabled={schedule.isPending}>
              {schedule.isPending ? "Scheduling..." : "Delete my account"}
            </Button>
          </div>
        </form>
      )}
    </SectionCard>
  );
}
