import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { purchasePath } from "#schema/app-paths.ts";
import { formatMinorUnits } from "#schema/money.ts";
import type { PackPrice } from "#schema/responses/index.ts";
import {
  mpesaPromptAgainSchema,
  mpesaPurchaseRequestSchema,
  type MpesaPromptAgainInput,
  type MpesaPurchaseRequestInput,
} from "#schema/validation/billing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useSendPromptAgain, useStartMpesaPurchase } from "../api/billing";

const PHONE_HINT = "The Safaricom line that pays: 07…, 01…, +254… or 254…";

/**
 * The owner chose "Pay with M-Pesa" on a pack: the phone that pays, then the prompt goes to it and
 * the purchase's page follows the payment.
 */
export function MpesaPayForm({ pack, onCancel }: { pack: PackPrice; onCancel: () => void }) {
  const navigate = useNavigate();
  const start = useStartMpesaPurchase();
  const form = useForm<MpesaPurchaseRequestInput>({
    resolver: zodResolver(mpesaPurchaseRequestSchema),
    defaultValues: { credits: pack.credits as 10 | 50 | 200, phone: "" },
  });
  const showFailure = useFormFailure(form.setError, ["phone"]);
  const submit = form.handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: (purchase) => void navigate(purchasePath(purchase.id)),
      onError: (error) => showFailure("The prompt could not be sent", error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="font-medium text-slate-900">
        Pay {formatMinorUnits(pack.totalMinor, pack.currency)} for {pack.credits} codes with M-Pesa
      </p>
      <InputField
        label="M-Pesa phone number"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        autoFocus
        hint={PHONE_HINT}
        {...bound(form, "phone")}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? "Sending prompt..." : "Send prompt"}
        </Button>
      </div>
    </form>
  );
}

/** After a prompt ended unpaid: the same purchase sent to the phone again (or to another number). */
export function SendPromptAgainForm({ purchaseId, lastPhone }: { purchaseId: string; lastPhone: string }) {
  const again = useSendPromptAgain(purchaseId);
  const form = useForm<MpesaPromptAgainInput>({
    resolver: zodResolver(mpesaPromptAgainSchema),
    defaultValues: { phone: "" },
  });
  const showFailure = useFormFailure(form.setError, ["phone"]);
  const submit = form.handleSubmit((values) =>
    again.mutate(values, { onError: (error) => showFailure("The prompt could not be sent", error) }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <InputField
        label="Another M-Pesa number (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={`Leave it empty to send the prompt to ${lastPhone} again.`}
        {...bound(form, "phone")}
      />
      <Button type="submit" disabled={again.isPending}>
        {again.isPending ? "Sending prompt..." : "Send the prompt again"}
      </Button>
    </form>
  );
}
