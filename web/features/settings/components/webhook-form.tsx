import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { Json, SavedWebhook, WebhookStatus } from "../../../../schema/responses";
import { webhookSchema, type WebhookInput } from "../../../../schema/validation/webhook";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useFailureToast, useFormFailure } from "../../../components/ui/failure-toast";
import { InputField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { useRemoveWebhook, useSaveWebhook } from "../api/webhook";

function RemoveWebhookButton({ url }: { url: string }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const removeWebhook = useRemoveWebhook();
  const [open, setOpen] = useState(false);
  const remove = () =>
    removeWebhook.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Webhook removed", description: "Scans are no longer sent." });
        setOpen(false);
      },
      onError: (error) => showFailure("Failed to remove webhook", error),
    });
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Remove webhook
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove the webhook?"
        description={`Scans will no longer be sent to ${url}, and the signing secret is deleted.`}
        confirmLabel="Remove webhook"
        pendingLabel="Removing..."
        isPending={removeWebhook.isPending}
        onConfirm={remove}
      />
    </>
  );
}

/** The owner's form. Saving always issues a new secret, handed to onSaved to be shown once. */
export function WebhookForm({
  webhook,
  onSaved,
}: {
  webhook: Json<WebhookStatus>;
  onSaved: (saved: SavedWebhook) => void;
}) {
  const toast = useToast();
  const saveWebhook = useSaveWebhook();
  // `values`: the field follows the saved URL (cleared once the webhook is removed).
  const form = useForm<WebhookInput>({ resolver: zodResolver(webhookSchema), values: { url: webhook.url ?? "" } });
  const showFailure = useFormFailure(form.setError, ["url"]);

  const submit = form.handleSubmit((values) =>
    saveWebhook.mutate(values, {
      onSuccess: (saved) => {
        toast({ title: "Webhook saved", description: "Copy your signing secret now." });
        onSaved(saved);
      },
      onError: (error) => showFailure("Failed to save webhook", error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/valuseal-webhook"
        hint={
          webhook.url
            ? "Saving issues a new signing secret; the previous one stops working."
            : "An https:// address of your server."
        }
        error={form.formState.errors.url?.message}
        {...form.register("url")}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {webhook.url && <RemoveWebhookButton url={webhook.url} />}
        <Button type="submit" disabled={saveWebhook.isPending}>
          {saveWebhook.isPending ? "Saving..." : "Save webhook"}
        </Button>
      </div>
    </form>
  );
}
