import { BILLING_PATH } from "#schema/app-paths.ts";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, Clock, Smartphone, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { formatMinorUnits } from "#schema/money.ts";
import { Button, buttonClasses } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { downloadBlob } from "#web/lib/download.ts";
import { useSession } from "#web/lib/session.ts";
import { downloadReceipt, useCancelPurchase, usePurchase } from "../api/billing";
import { creditsText } from "../texts";
import { SendPromptAgainForm } from "./mpesa-forms";
import { MPESA_PROMPT_SECONDS } from "#schema/limits/billing.ts";
import type { Purchase } from "#schema/responses/index.ts";

/** After this long still pending, the page says the payment may take a while and the person may leave. */
const STILL_CONFIRMING_MS = 60_000;

function useStillConfirming(pending: boolean) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setLate(true), STILL_CONFIRMING_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return late;
}

/** Seconds left before the phone's prompt closes (M-Pesa gives up after a minute), ticking each second. */
function useSecondsLeft(sentAt: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!sentAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (!sentAt) return 0;
  return Math.max(0, Math.ceil((new Date(sentAt).getTime() + MPESA_PROMPT_SECONDS * 1000 - now) / 1000));
}

/**
 * An M-Pesa purchase not yet paid: the prompt waiting on the phone (with the minute it stays
 * open), or how it ended in plain words and the way to send it again.
 */
function MpesaProgress({ purchase }: { purchase: Purchase & { mpesa: NonNullable<Purchase["mpesa"]> } }) {
  const { isOwner } = useSession();
  const { mpesa } = purchase;
  const secondsLeft = useSecondsLeft(mpesa.state === "sent" ? mpesa.sentAt : null);
  if (mpesa.state === "sent" || mpesa.state === "created") {
    return (
      <>
        <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Smartphone aria-hidden="true" /> Check your phone and enter your M-Pesa PIN
        </p>
        <p className="text-slate-700">
          A prompt to pay {formatMinorUnits(purchase.totalMinor, purchase.currency)} to ValuSeal was sent to{" "}
          {mpesa.phone}.
        </p>
        <p className="font-medium text-slate-900" role="timer" aria-live="off">
          {secondsLeft > 0
            ? `The prompt stays open for ${secondsLeft} more second${secondsLeft === 1 ? "" : "s"}.`
            : "Still confirming with M-Pesa… You can leave this page: your credits are added as soon as M-Pesa confirms the payment."}
        </p>
      </>
    );
  }
  if (mpesa.state === "needs-review") {
    return (
      <p className="flex items-start gap-2 text-slate-700">
        <Clock aria-hidden="true" className="mt-0.5 shrink-0 text-amber-700" /> {mpesa.message}.
      </p>
    );
  }
  return (
    <>
      <p className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <XCircle aria-hidden="true" /> Not paid
      </p>
      <p className="text-slate-700">{mpesa.message}. No money was taken and no credits were added.</p>
      {mpesa.canSendAgain && isOwner && <SendPromptAgainForm purchaseId={purchase.id} lastPhone={mpesa.phone} />}
    </>
  );
}

/**
 * /billing/purchases/:id: where Checkout returns, and where an M-Pesa payment is followed. Paid:
 * the credits and the receipt. Back without paying (?cancelled=1): the owner's Checkout is closed
 * and nothing was taken. Otherwise the page waits for the provider's confirmation, asking every
 * two seconds, and says so.
 */
export function PurchasePage() {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const { isOwner } = useSession();
  const purchase = usePurchase(id);
  const cancel = useCancelPurchase();
  const cancelled = search.get("cancelled") === "1";
  const askedToCancel = useRef(false);
  useEffect(() => {
    // Once, for the owner who came back from Checkout without paying.
    if (!cancelled || !isOwner || askedToCancel.current || purchase.data?.status !== "pending") return;
    askedToCancel.current = true;
    cancel.mutate(id, { onSettled: () => void purchase.refetch() });
  }, [cancelled, isOwner, purchase, cancel, id]);
  const late = useStillConfirming(purchase.data?.status === "pending" && !cancelled);
  const showFailure = useFailureToast();
  const receipt = useMutation({
    mutationFn: () => downloadReceipt(purchase.data!.receiptId!),
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName ?? "ValuSeal receipt.pdf"),
    onError: (error) => showFailure("The receipt could not be downloaded", error),
  });

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle>Your purchase</PageTitle>
      <QueryContent query={purchase} loadingLabel="Loading your purchase..." failureTitle="Failed to load the purchase">
        {(data) => (
          <Card className="space-y-4 p-4 sm:p-6" aria-live="polite">
            {data.status === "paid" && (
              <>
                <p className="flex items-center gap-2 text-lg font-semibold text-green-800">
                  <CheckCircle2 aria-hidden="true" /> Payment received
                </p>
                <p className="text-slate-700">
                  {creditsText(data.credits)} were added to your balance. Receipt {data.receiptNumber} for{" "}
                  {formatMinorUnits(data.totalMinor, data.currency)} was emailed to your firm's owner.
                </p>
                <Button variant="secondary" disabled={receipt.isPending} onClick={() => receipt.mutate()}>
                  {receipt.isPending ? "Downloading..." : `Download receipt ${data.receiptNumber}`}
                </Button>
              </>
            )}
            {data.mpesa && data.status !== "paid" && data.status !== "refunded" && (
              <MpesaProgress purchase={{ ...data, mpesa: data.mpesa }} />
            )}
            {!data.mpesa && data.status === "pending" && (
              <>
                <p className="flex items-center gap-2 text-lg font-semibold text-amber-800">
                  <Clock aria-hidden="true" />{" "}
                  {cancelled ? "Closing the payment page..." : "Confirming your payment..."}
                </p>
                <p className="text-slate-700">
                  {late
                    ? "Your payment is still being confirmed. You can leave this page: the credits are added as soon as the card company confirms it, and the receipt is emailed."
                    : "This takes a few seconds. Your credits are added as soon as the payment is confirmed."}
                </p>
              </>
            )}
            {!data.mpesa && data.status === "failed" && (
              <>
                <p className="flex items-center gap-2 text-lg font-semibold text-red-800">
                  <XCircle aria-hidden="true" /> Not paid
                </p>
                <p className="text-slate-700">
                  {data.failureReason ?? "The payment did not go through"}. No money was taken and no credits were
                  added.
                </p>
              </>
            )}
            {data.status === "refunded" && (
              <p className="text-slate-700">This purchase was refunded; its credits were taken back.</p>
            )}
            <Link
              to={BILLING_PATH}
              className={buttonClasses({ variant: data.status === "paid" ? "primary" : "secondary" })}
            >
              Back to Billing
            </Link>
          </Card>
        )}
      </QueryContent>
    </div>
  );
}
