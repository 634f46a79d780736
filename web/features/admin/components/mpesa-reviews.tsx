import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { formatMinorUnits } from "#schema/money.ts";
import type { adminBillingAnswer } from "#schema/responses/index.ts";
import type { z } from "zod";
import { mpesaReviewSchema, type MpesaReviewInput } from "#schema/validation/billing.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useReviewMpesaPayment } from "../api/billing";

type Review = z.infer<typeof adminBillingAnswer>["mpesaReviews"][number];

/** Settles one payment: paid, with the M-Pesa receipt number the portal shows, or not paid, with what it shows. */
function ReviewForm({ review, paid }: { review: Review; paid: boolean }) {
  const settle = useReviewMpesaPayment(review.id);
  const form = useForm<MpesaReviewInput>({
    resolver: zodResolver(mpesaReviewSchema),
    defaultValues: paid ? { paid: true, mpesaReceipt: "" } : { paid: false, note: "" },
  });
  const showFailure = useFormFailure(form.setError, paid ? ["mpesaReceipt"] : ["note"]);
  const submit = form.handleSubmit((values) =>
    settle.mutate(values, { onError: (error) => showFailure("Failed to settle the payment", error) }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        {paid ? (
          <InputField
            label="M-Pesa receipt number"
            autoCapitalize="characters"
            hint="As the M-Pesa portal shows it, like SLK4H7RT61"
            {...bound(form, "mpesaReceipt")}
          />
        ) : (
          <InputField label="What the portal shows" hint="Why no payment was taken" {...bound(form, "note")} />
        )}
      </div>
      <Button type="submit" variant={paid ? "primary" : "secondary"} disabled={settle.isPending}>
        {paid ? "Mark paid" : "Mark not paid"}
      </Button>
    </form>
  );
}

/**
 * M-Pesa payments nobody could confirm within a day (no answer from Daraja's status query, or
 * callbacks that disagree): each is looked up in the M-Pesa organisation portal and settled here.
 */
export function MpesaReviews({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return null;
  return (
    <SectionCard
      title="M-Pesa payments to review"
      description="Look each one up in the M-Pesa organisation portal by its checkout request id, then settle it."
    >
      <ul className="space-y-4" aria-label="M-Pesa payments to review">
        {reviews.map((review) => (
          <li key={review.id} className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4">
            <p className="font-medium text-slate-900">
              {review.companyName ?? "Closed firm"} · {formatMinorUnits(review.amount * 100, "KES")} from {review.phone}
            </p>
            <p className="text-sm break-all text-slate-700">
              Checkout {review.checkoutRequestId ?? "never sent"}
              {review.sentAt ? ` · sent ${formatDateTime(review.sentAt)}` : ""} · purchase {review.purchaseId}
            </p>
            {review.note && <p className="text-sm text-slate-700">{review.note}</p>}
            <ReviewForm review={review} paid />
            <ReviewForm review={review} paid={false} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
