import { Controller } from "react-hook-form";
import type { QrCode } from "#schema/responses/index.ts";
import { revokeCodeSchema, type RevokeCodeInput } from "#schema/validation/code-status.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useRevokeCode } from "../api/change-code-status";
import { CodeStatusReasonForm, useStatusChangeForm } from "./code-status-reason-form";
import { SuccessorCodeField } from "./successor-code-field";

function RevokeCodeForm({ code, onClose }: { code: QrCode; onClose: () => void }) {
  const revokeCode = useRevokeCode(code.id);
  const { form, submit } = useStatusChangeForm<RevokeCodeInput>({
    schema: revokeCodeSchema,
    change: revokeCode,
    fields: ["reason", "supersededByCodeId"],
    done: { title: "Code revoked", description: "Scanning it now shows “Revoked” with your reason." },
    failureTitle: "Failed to revoke code",
    onClose,
  });

  return (
    <CodeStatusReasonForm
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      reasonHint="Shown on the certificate, e.g. “Superseded by a new valuation”."
      submitLabel="Revoke code"
      pendingLabel="Revoking..."
      isPending={revokeCode.isPending}
      destructive
    >
      <Controller
        control={form.control}
        name="supersededByCodeId"
        render={({ field, fieldState }) => (
          <SuccessorCodeField
            code={code}
            error={fieldState.error?.message}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )}
      />
    </CodeStatusReasonForm>
  );
}

/** Withdraws a code: its certificate says "Revoked" with the reason from the next scan on. */
export function RevokeCodeDialog({
  code,
  open,
  onOpenChange,
}: {
  code: QrCode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Revoke this code?"
      description="Anyone who scans it will see a red “Revoked” notice with your reason instead of “Verified Authentic”. The change is recorded with your name; only the company owner can reinstate the code."
    >
      <RevokeCodeForm code={code} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}
