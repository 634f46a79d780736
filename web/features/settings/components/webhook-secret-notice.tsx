import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";

/** The signing secret right after saving: the only time it is ever shown. */
export function WebhookSecretNotice({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: "Secret copied", description: "Store it with your webhook receiver's settings." });
    } catch {
      toast({ title: "Copy failed", description: "Select the secret and copy it yourself.", variant: "destructive" });
    }
  };
  return (
    <div role="status" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Your signing secret</p>
      <code
        className="block select-all break-all rounded border border-amber-200 bg-white px-3 py-2 font-mono text-slate-900"
        aria-label="Webhook signing secret"
      >
        {secret}
      </code>
      <p>
        Copy it now and keep it with your receiver: you won't see it again. If you lose it, save the webhook again to
        get a new one.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={copy}>Copy secret</Button>
        <Button variant="secondary" onClick={onDismiss}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
