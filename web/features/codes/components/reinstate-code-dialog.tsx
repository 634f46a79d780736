import { reinstateCodeSchema, type ReinstateCodeInput } from "#schema/validation/code-status.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useReinstateCode } from "../api/change-code-status";
import { CodeStatusReasonForm, useStatusChangeForm } from "./code-status-reason-form";

function ReinstateCodeForm({ codeId, onClose }: { codeId: number; onClose: () => void }) {
  const reinstateCode = useReinstateCode(codeId);
  const { form, submit } = useStatusChangeForm<ReinstateCodeInput>({
    schema: reinstateCodeSchema,
    change: reinstateCode,
    fields: ["reason"],
    done: { title: "Code reinstated", description: "Scanning it shows “Verified Authentic” again." },
    failureTitle: "Failed to reinstate code",
    onClose,
  });

  return (
    <CodeStatusReasonForm
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      reasonHint="Kept in the status history, e.g. “Revoked by mistake”."
      submitLabel="Reinstate code"
      pendingLabel="Reinstating..."
      isPending={reinstateCode.isPending}
    />
  );
}

/** The owner's separate, logged action that makes a revoked code verify again. */
export function ReinstateCodeDialog({
  codeId,
  open,
  onOpenChange,
}: {
  codeId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reinstate this code?"
      description="Scanning it will show “Verified Authentic” again. The reinstatement is recorded in the status history with your name and reason."
    >
      <ReinstateCodeForm codeId={codeId} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}
