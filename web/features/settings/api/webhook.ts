import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Json, MessageResponse, SavedWebhook, WebhookStatus } from "../../../../schema/responses";
import type { WebhookInput } from "../../../../schema/validation/webhook";
import { apiRequest } from "../../../lib/api-client";
import { currentCompanyKey } from "./current-company";

export const webhookKey = ["/api/companies/current/webhook"] as const;

/** The scan-alert URL and how the latest delivery went. */
export const webhookQuery = () =>
  queryOptions({ queryKey: webhookKey, queryFn: () => apiRequest<Json<WebhookStatus>>(webhookKey[0]) });

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
export const useRemoveWebhook = () => useWebhookMutation<void, MessageResponse>("DELETE");
