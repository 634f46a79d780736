import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { CLOSING_GRACE_DAYS } from "#schema/limits/privacy.ts";
import { organisationClosureSchema, type OrganisationClosureInput } from "#schema/validation/privacy.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useSession } from "#web/lib/session.ts";
import { useScheduleClosure } from "../api/closing";
import { UndoClosureButton } from "./undo-closing-buttons";

const EMPTY: OrganisationClosureInput = { organisationName: "", currentPassword: "" };

/**
 * Company Details → Data → Close the organisation: the owner types its name and their password;
 * after the grace everyone's access ends and the team's personal data is erased, while every code
 * already issued stays verifiable and says when the account closed.
 */
export function CloseOrganisationSection() {
  const { user, isOwner } = useSession();
  const toast = useToast();
  const schedule = useScheduleClosure();
  const form = useForm<OrganisationClosureInput>({
    resolver: zodResolver(organisationClosureSchema),
    defaultValues: EMPTY,
  });
  const showFailure = useFormFailure(form.setError, ["organisationName", "currentPassword"]);
  const company = user?.company;
  if (!company) return null;
  const submit = form.handleSubmit((values) =>
    schedule.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: "Closure scheduled", description: answer.message });
        form.reset(EMPTY);
      },
      onError: (error) => showFailure("Failed to schedule the closure", error),
    }),
  );

  return (
    <SectionCard
      title="Close the organisation"
      description={`${CLOSING_GRACE_DAYS} days after you ask, everyone's access ends, API keys and webhooks are revoked, and the team's names and emails are erased. Codes already issued stay verifiable and say when the account closed. The credit ledger and receipts are kept for the tax-record period.`}
    >
      {company.closureDueAt ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-red-800">
            {company.name} will be closed on {formatDate(company.closureDueAt)}.
          </p>
          {isOwner && <UndoClosureButton />}
        </div>
      ) : isOwner ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <InputField
            label={`Type "${company.name}" to confirm`}
            autoComplete="off"
            {...bound(form, "organisationName")}
          />
          <InputField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            {...bound(form, "currentPassword")}
          />
          <div className="flex justify-end">
            <Button type="submit" variant="dangerOutline" disabled={schedule.isPending}>
              {schedule.isPending ? "Scheduling..." : "Close organisation"}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600">Only the owner can close the organisation.</p>
      )}
    </SectionCard>
  );
}
