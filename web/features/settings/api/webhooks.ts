import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookAttemptPage, WebhookEndpointAnswer, WebhookEndpointCreated } from "../../../../schema/api-v1";
import type { MessageResponse } from "../../../../schema/responses";
import type { WebhookEndpointInput, WebhookEndpointUpdate } from "../../../../schema/validation/webhook";
import { apiRequest } from "../../../lib/api-client";

export const webhooksKey = ["/api/webhooks"] as const;
const endpointPath = (id: string) => `${webhooksKey[0]}/${encodeURIComponent(id)}`;

/** The company's webhook endpoints, oldest first (members may read them). */
export const webhooksQuery = () =>
  queryOptions({ queryKey: webhooksKey, queryFn: () => apiRequest<WebhookEndpointAnswer[]>(webhooksKey[0]) });

export const useWebhookEndpoints = () => useQuery(webhooksQuery());

/** One page of an endpoint's delivery log, newest first; the page on screen stays while the next loads. */
export const useWebhookAttempts = (id: string, page: number) =>
  useQuery({
    queryKey: [...webhooksKey, id, "attempts", page],
    queryFn: () => apiRequest<WebhookAttemptPage>(`${endpointPath(id)}/attempts?page=${page}&pageSize=10`),
    placeholderData: keepPreviousData,
  });

function useWebhookMutation<Input, Answer>(request: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // Not awaited: the caller's own onSuccess (the secret, the toast) runs before the refetch re-renders.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Owner only: the answer holds the signing secret, which nothing ever shows again. */
export const useCreateWebhookEndpoint = () =>
  useWebhookMutation((input: WebhookEndpointInput) =>
    apiRequest<WebhookEndpointCreated>(webhooksKey[0], { method: "POST", body: input }),
  );

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, ...update }: WebhookEndpointUpdate & { id: string }) =>
    apiRequest<WebhookEndpointAnswer>(endpointPath(id), { method: "PATCH", body: update }),
  );

export const useRemoveWebhookEndpoint = () =>
  useWebhookMutation((id: string) => apiRequest<MessageResponse>(endpointPath(id), { method: "DELETE" }));

/** The event again to the endpoint, with the same webhook-id; the log shows the new attempt when it is made. */
export const useResendWebhookDelivery = () =>
  useWebhookMutation(({ endpointId, eventId }: { endpointId: string; eventId: string }) =>
    apiRequest<MessageResponse>(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(eventId)}/resend`, {
      method: "POST",
    }),
  );
