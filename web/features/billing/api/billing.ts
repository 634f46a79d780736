import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillingDetailsInput,
  MpesaPromptAgainInput,
  MpesaPurchaseRequestInput,
  PurchaseRequest,
} from "#schema/validation/billing.ts";
import { answerOf, api, fileOf } from "#web/lib/api-client.ts";

const billingKey = ["/api/billing"] as const;

/** The firm's balance, prices, purchases and one page of its ledger (every member reads them). */
const billingQuery = (page: number) =>
  queryOptions({
    queryKey: [...billingKey, page],
    queryFn: () => answerOf(api.GET("/billing", { params: { query: { page } } })),
  });

export const useBilling = (page = 1) => useQuery({ ...billingQuery(page), placeholderData: keepPreviousData });

/** The balance alone, for the create form and the dashboard: the ledger's first page carries it. */
export const useCreditBalance = () => useQuery({ ...billingQuery(1), select: (billing) => billing.balance });

/** A change that moves the firm's billing: every page of it is read again. */
function useBillingChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: billingKey }) });
}

/** The owner's billing details: who receipts are made out to, the KRA PIN and the currency. */
export const useSaveBillingDetails = () =>
  useBillingChange((details: BillingDetailsInput) => answerOf(api.PUT("/billing/details", { body: details })));

/** Starts buying a pack: the pending purchase and the Checkout page to pay on. */
export const useStartPurchase = () =>
  useBillingChange((request: PurchaseRequest) => answerOf(api.POST("/billing/purchases", { body: request })));

/** Starts paying a pack with M-Pesa: the pending purchase, its prompt on the phone. */
export const useStartMpesaPurchase = () =>
  useBillingChange((request: MpesaPurchaseRequestInput) => answerOf(api.POST("/billing/mpesa", { body: request })));

/** Sends an M-Pesa purchase's prompt to the phone again, after the last one ended unpaid. */
export const useSendPromptAgain = (id: string) =>
  useBillingChange((request: MpesaPromptAgainInput) =>
    answerOf(api.POST("/billing/purchases/{id}/mpesa", { params: { path: { id } }, body: request })),
  );

/** Closes an unpaid Checkout the owner came back from. */
export const useCancelPurchase = () =>
  useBillingChange((id: string) => answerOf(api.POST("/billing/purchases/{id}/cancel", { params: { path: { id } } })));

/** How often a purchase page asks again while the payment is being confirmed. */
const CONFIRMING_POLL_MS = 2_000;

/** One purchase, asked again every two seconds while it is pending. */
export function usePurchase(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...billingKey, "purchase", id],
    queryFn: async () => {
      const purchase = await answerOf(api.GET("/billing/purchases/{id}", { params: { path: { id } } }));
      // Paid: the balance and the ledger moved, so Billing and the create form read them again.
      // (The purchase queries themselves are left out: this one would otherwise ask itself again.)
      if (purchase.status !== "pending") {
        void queryClient.invalidateQueries({
          queryKey: billingKey,
          predicate: (query) => query.queryKey[1] !== "purchase",
        });
      }
      return purchase;
    },
    refetchInterval: (query) => (query.state.data?.status === "pending" ? CONFIRMING_POLL_MS : false),
  });
}

/** A receipt's PDF, as the server names it ("ValuSeal receipt VS-000042.pdf"). */
export const downloadReceipt = (id: string) =>
  fileOf(api.GET("/billing/receipts/{id}/pdf", { params: { path: { id } }, parseAs: "blob" }));

/** The ledger as CSV. */
export const downloadLedger = () => fileOf(api.GET("/exports/ledger.csv", { parseAs: "blob" }));
