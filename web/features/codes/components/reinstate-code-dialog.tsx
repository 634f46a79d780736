import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { reinstateCodeSchema, type ReinstateCodeInput } from "#schema/validation/code-status.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { useToast } from "#web/components/ui/toast.tsx";
import { useReinstateCode } from "../api/change-code-status";
import { CodeStatusReasonForm } from "./code-status-reason-form";

function ReinstateCodeForm({ codeId, onClose }: { codeId: number; onClose: () => void }) {
  const toast = useToast();
  const reinstateCode = useReinstateCode(codeId);
  const form = useForm<ReinstateCodeInput>({
    resolver: zodResolver(reinstateCodeSchema),
    defaultValues: { reason: "" },
  });
  const showFailure = useFormFailure(form.setError, ["reason"]);

  const submit = form.handleSubmit((values) =>
    reinstateCode.mutate(values, {
      onSuccess: () => {
        toast({ title: "Code reinstated", description: "Scanning it shows “Verified Authentic” again." });
        onClose();
      },
      onError: (error) => {
        showFailure("Failed to reinstate code", error);
      },
    }),
  );

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
