import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useToast } from "#web/components/ui/toast.tsx";

/**
 * A secret right after it was made (an API key, a webhook's signing secret): the only time it is
 * ever shown, in a dialog that stays until its holder says it is stored, with a way to copy it and a
 * word on what to do if it is lost. Nothing but its own button closes it, so a stray tap or Escape
 * cannot lose a secret nobody copied.
 */
export function SecretShownOnce({
  title,
  secret,
  secretLabel,
  copyLabel,
  copied,
  keepIt,
  onDismiss,
}: {
  title: string;
  /** null when no secret is waiting to be shown. */
  secret: string | null;
  /** The code element's accessible name, e.g. "Webhook signing secret". */
  secretLabel: string;
  copyLabel: string;
  /** The toast after copying, saying where to keep it. */
  copied: { title: string; description: string };
  /** What to do with it, and what to do when it is lost. */
  keepIt: string;
  onDismiss: () => void;
}) {
  const toast = useToast();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast(copied);
    } catch {
      toast({ title: "Copy failed", description: "Select it and copy it yourself.", variant: "destructive" });
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => !open && onDismiss()}
      title={title}
      description={keepIt}
      size="lg"
      dismissible={false}
    >
      <div className="space-y-4 text-sm">
        <code
          className="block select-all break-all rounded border border-amber-300 bg-amber-50 px-3 py-2 font-mono text-slate-900"
          aria-label={secretLabel}
        >
          {secret}
        </code>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={copy}>
            {copyLabel}
          </Button>
          <Button onClick={onDismiss}>I have stored it</Button>
        </div>
      </div>
    </Dialog>
  );
}
