import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LIMITS } from "#schema/limits.ts";
import type { CodeReliance } from "#schema/responses/index.ts";
import { letterDecisionSchema, type LetterDecisionForm } from "#schema/validation/reliances.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField, TextareaField } from "#web/components/ui/field.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useSession } from "#web/lib/session.ts";
import { useCodeReliance, useDecideLetter } from "../api/code-reliance";

type Letter = CodeReliance["letters"][number];
type Decision = LetterDecisionForm["decision"];

const institutions = (count: number) => `Relied on by ${count} ${count === 1 ? "institution" : "institutions"}`;

function letterState(letter: Letter) {
  if (letter.state === "requested") return `Asked on ${formatDate(letter.requestedAt)}`;
  if (letter.state === "granted") return `Granted: reliance until ${formatDate(letter.relianceUntil)}`;
  return `Declined: ${letter.reason}`;
}

/** Grant (with the last day of reliance) or decline (with a reason the lender is shown). */
function DecisionForm({
  codeId,
  letter,
  decision,
  onClose,
}: {
  codeId: number;
  letter: Letter;
  decision: Decision;
  onClose: () => void;
}) {
  const toast = useToast();
  const decide = useDecideLetter(codeId, letter.id);
  const form = useForm<LetterDecisionForm>({
    resolver: zodResolver(letterDecisionSchema, undefined, { raw: true }),
    defaultValues: decision === "granted" ? { decision, relianceUntil: "" } : { decision, reason: "" },
  });
  const showFailure = useFormFailure(form.setError, ["relianceUntil", "reason"]);
  const submit = form.handleSubmit((input) =>
    decide.mutate(input, {
      onSuccess: () => {
        toast({
          title: decision === "granted" ? "Reliance letter granted" : "Reliance letter declined",
          description:
            decision === "granted"
              ? `${letter.lenderName} is told, and the certificate shows the letter.`
              : `${letter.lenderName} is told, with your reason.`,
        });
        onClose();
      },
      onError: (error) => showFailure("Could not answer the request", error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {decision === "granted" ? (
        <InputField
          label="Reliance Until"
          placeholder="DD/MM/YYYY"
          inputMode="numeric"
          required
          hint="The last day the lender may rely on the valuation under this letter"
          {...bound(form, "relianceUntil")}
        />
      ) : (
        <TextareaField
          label="Reason"
          required
          rows={3}
          maxLength={LIMITS.letterDeclineReason}
          hint="Shown to the lender"
          {...bound(form, "reason")}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant={decision === "granted" ? "primary" : "danger"} disabled={decide.isPending}>
          {decide.isPending ? "Saving..." : decision === "granted" ? "Grant letter" : "Decline"}
        </Button>
      </div>
    </form>
  );
}

function LetterItem({ codeId, letter, mayDecide }: { codeId: number; letter: Letter; mayDecide: boolean }) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-letter={letter.lenderName}>
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{letter.lenderName}</p>
        <p className="break-words text-slate-600">{letterState(letter)}</p>
      </div>
      {letter.state === "requested" && mayDecide && (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => setDeciding("granted")}>
            Grant
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeciding("declined")}>
            Decline
          </Button>
        </div>
      )}
      <Dialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={deciding === "granted" ? "Grant a reliance letter?" : "Decline the request?"}
        description={
          deciding === "granted"
            ? `The letter extends reliance on this valuation to ${letter.lenderName} until the day you choose. Scanning the code shows it.`
            : `${letter.lenderName} will be told the letter is declined, with your reason.`
        }
      >
        {deciding && (
          <DecisionForm codeId={codeId} letter={letter} decision={deciding} onClose={() => setDeciding(null)} />
        )}
      </Dialog>
    </li>
  );
}

/**
 * The code's reliance as the firm sees it: how many institutions rely on it (never which, nor their
 * loans) and the reliance-letter requests, which the owner grants or declines.
 */
export function CodeReliancePanel({ codeId }: { codeId: number }) {
  const reliance = useCodeReliance(codeId);
  const { isOwner, user } = useSession();
  return (
    <SectionCard
      title="Reliance"
      description={reliance.data ? institutions(reliance.data.institutions) : "Which lenders rely on this valuation"}
    >
      {reliance.isPending ? (
        <SkeletonRows label="Loading reliance" rows={1} />
      ) : reliance.isError ? (
        <p className="text-sm text-slate-600">Reliance could not be loaded.</p>
      ) : reliance.data.letters.length === 0 ? (
        <p className="text-sm text-slate-600">No lender has asked for a reliance letter.</p>
      ) : (
        <>
          <h3 className="text-sm font-semibold text-slate-900">Reliance letter requests</h3>
          <ul className="divide-y divide-slate-100" aria-label="Reliance letter requests">
            {reliance.data.letters.map((letter) => (
              <LetterItem
                key={letter.id}
                codeId={codeId}
                letter={letter}
                mayDecide={isOwner && Boolean(user?.company?.isActive)}
              />
            ))}
          </ul>
          {!isOwner && <p className="text-sm text-slate-600">Only the company owner can answer a request.</p>}
        </>
      )}
    </SectionCard>
  );
}
