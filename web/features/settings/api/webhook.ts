import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookInput } from "../../../../schema/validation/webhook";
import { apiRequest } from "../../../lib/api-client";
import { currentCompanyKey } from "./current-company";

/** GET /api/companies/current/webhook: the scan-alert URL and the latest delivery's outcome. */
export interface Webhook {
  url: string | null;
  /** e.g. "delivered (HTTP 200)", "failed (could not connect)"; null before the first attempt. */
  lastStatus: string | null;
  lastAttemptAt: string | null;
  lastDelivered: boolean | null;
}

/** PUT's answer: the signing secret, returned this once and never again. */
export interface SavedWebhook {
  url: string;
  secret: string;
}

export const webhookKey = ["/api/companies/current/webhook"] as const;

export const webhookQuery = () =>
  queryOptions({ queryKey: webhookKey, queryFn: () => apiRequest<Webhook>(webhookKey[0]) });

export const useWebhook = () => useQuery(webhookQuery());

function useWebhookMutation<Input, Answer>(method: "PUT" | "DELETE") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Answer>(webhookKey[0], { method, body: input }),
    // Not awaited: the caller's own onSuccess (the secret, the toast) must run before the refetched
    // state re-renders the section. The company record carries the webhook fields too.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKey });
      void queryClient.invalidateQueries({ queryKey: currentCompanyKey });
    },
  });
}

/** Owner only. Always issues a new secret: the previous one stops verifying. */
export const useSaveWebhook = () => useWebhookMutation<WebhookInput, SavedWebhook>("PUT");

/** Owner only: scans stop being sent. */
export const useRemoveWebhook = () => useWebhookMutation<void, { message: string }>("DELETE");
