import type { CreatedInvite, Json } from "../../../../schema/responses";
import { INVITE_VALID_DAYS } from "../../../../schema/validation/team";
import { Button } from "../../../components/ui/button";
import { InputField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";

/**
 * The freshly created link, shown once: the server keeps only its hash, so this is the owner's
 * only chance to copy it. ValuSeal sends no email; the owner passes the link on.
 */
export function InviteLinkPanel({ invite, onDismiss }: { invite: Json<CreatedInvite>; onDismiss: () => void }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.inviteUrl);
      toast({ title: "Link copied", description: `Now send it to ${invite.email}.` });
    } catch {
      toast({
        title: "Copy failed",
        description: "Select the link and copy it yourself.",
        variant: "destructive",
      });
    }
  };

  return (
    <div
      role="region"
      aria-label="New invite link"
      className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4"
    >
      <p className="text-sm font-medium text-green-900">Invite link for {invite.email}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <InputField
          label="Invite link"
          readOnly
          value={invite.inviteUrl}
          onFocus={(event) => event.currentTarget.select()}
          containerClassName="flex-1"
          className="font-mono text-xs"
        />
        <Button onClick={copy}>Copy Link</Button>
      </div>
      <p className="text-sm text-green-900">
        The link is valid for {INVITE_VALID_DAYS} days, until {formatDateTime(invite.expiresAt)}, and works once.
        ValuSeal does not email it: send it to {invite.email} yourself. Anyone who has the link can join as this person,
        so share it only with them. This is the only time the link is shown; if it is lost, create a new one.
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}
