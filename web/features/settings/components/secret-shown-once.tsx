import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";

/**
 * A secret right after it was made (a webhook's signing secret, an API key): the only time it is
 * ever shown, with a way to copy it and a word on what to do if it is lost.
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
  secret: string;
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
    try {
      await navigator.clipboard.writeText(secret);
      toast(copied);
    } catch {
      toast({ title: "Copy failed", description: "Select it and copy it yourself.", variant: "destructive" });
    }
  };
  return (
    <div role="status" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{title}</p>
      <code
        className="block select-all break-all rounded border border-amber-200 bg-white px-3 py-2 font-mono text-slate-900"
        aria-label={secretLabel}
      >
        {secret}
      </code>
      <p>{keepIt}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={copy}>{copyLabel}</Button>
        <Button variant="secondary" onClick={onDismiss}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
