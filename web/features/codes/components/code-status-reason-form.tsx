import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { useToast } from "#web/components/ui/toast.tsx";
import { LIMITS } from "#schema/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { bound, TextareaField } from "#web/components/ui/field.tsx";

interface Props<Values extends FieldValues & { reason: string }> {
  form: UseFormReturn<Values>;
  /** react-hook-form's handleSubmit result: it needs the event to stop the page from reloading. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  reasonHint: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  destructive?: boolean;
  /** Further fields under the reason. */
  children?: ReactNode;
}

/** The body of the revoke and reinstate dialogs: a required reason, then Cancel and the action. */
export function CodeStatusReasonForm<Values extends FieldValues & { reason: string }>({
  form,
  onSubmit,
  onCancel,
  reasonHint,
  submitLabel,
  pendingLabel,
  isPending,
  destructive = false,
  children,
}: Props<Values>) {
  const reason = "reason" as Path<Values>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField
        label="Reason"
        required
        rows={3}
        characterLimit={LIMITS.revocationReason}
        hint={reasonHint}
        {...bound(form, reason)}
      />
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={destructive ? "danger" : "primary"} disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The form of a status change (revoke, reinstate): validated with the change's schema, sent with
 * its mutation, told in a toast, and the server's field errors put under their fields.
 */
export function useStatusChangeForm<Values extends FieldValues & { reason: string }>({
  schema,
  change,
  fields,
  done,
  failureTitle,
  onClose,
}: {
  schema: z.ZodType<Values, Values>;
  change: UseMutationResult<unknown, unknown, Values>;
  fields: readonly Path<Values>[];
  done: { title: string; description: string };
  failureTitle: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { reason: "" } as DefaultValues<Values>,
  });
  const showFailure = useFormFailure(form.setError, fields);
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast(done);
        onClose();
      },
      onError: (error) => showFailure(failureTitle, error),
    }),
  );
  return { form, submit };
}
