import { useQuery } from "@tanstack/react-query";
import type { MpesaReviewInput, NewPriceInput } from "#schema/validation/billing.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** GET /api/admin/billing: the price list with its history, recent purchases and revenue. */
export const useAdminBilling = () =>
  useQuery({ queryKey: ["/api/admin/billing"], queryFn: () => answerOf(api.GET("/admin/billing")) });

/** POST /api/admin/billing/prices: a pack's price from a day on. */
export const useSetPrice = () =>
  useAdminMutation({
    mutationFn: (price: NewPriceInput) => answerOf(api.POST("/admin/billing/prices", { body: price })),
    successTitle: "Price set",
    failureTitle: "Failed to set the price",
  });

/** POST /api/admin/billing/mpesa/{id}: an M-Pesa payment M-Pesa never confirmed, settled from its portal. */
export const useReviewMpesaPayment = (id: number) =>
  useAdminMutation({
    mutationFn: (review: MpesaReviewInput) =>
      answerOf(api.POST("/admin/billing/mpesa/{id}", { params: { path: { id: String(id) } }, body: review })),
    successTitle: "Payment settled",
    failureTitle: "Failed to settle the payment",
  });
