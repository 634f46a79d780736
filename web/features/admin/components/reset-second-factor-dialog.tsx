import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { AdminUser } from "#schema/responses/index.ts";
import { secondFactorResetSchema, type SecondFactorResetInput } from "#schema/validation/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { bound, TextareaField } from "#web/components/ui/field.tsx";
import { useResetSecondFactor } from "../api/reset-second-factor";

function ResetSecondFactorForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const reset = useResetSecondFactor();
  const form = useForm<SecondFactorResetInput>({
    resolver: zodResolver(secondFactorResetSchema),
    defaultValues: { evidence: "" },
  });
  const submit = form.handleSubmit(({ evidence }) =>
    reset.mutate({ userId: user.id, evidence }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextareaField
        label="Evidence of identity you checked"
        hint="For example: a video call matched to the ID on file, and a letter on the firm's letterhead. Kept in the audit log."
        rows={4}
        {...bound(form, "evidence")}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="dangerOutline" disabled={reset.isPending}>
          {reset.isPending ? "Resetting..." : "Reset Two-Step Sign-In"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The one way back for someone who lost every second factor and recovery code: an administrator
 * who has reviewed identity evidence removes them all. Never offered through email alone.
 */
export function ResetSecondFactorDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reset Two-Step Sign-In"
      description={
        user &&
        `Remove every authenticator app, passkey and recovery code of ${user.email} and sign them out everywhere. Do this only after checking evidence that the request comes from them.`
      }
    >
      {user && <ResetSecondFactorForm key={user.id} user={user} onDone={onClose} />}
    </Dialog>
  );
}
