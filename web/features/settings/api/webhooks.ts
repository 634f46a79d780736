import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookEndpointInput, WebhookEndpointUpdate } from "../../../../schema/validation/webhook";
import { answerOf, api } from "../../../lib/api-client";

export const webhooksKey = ["/api/webhooks"] as const;

/** The company's webhook endpoints, oldest first (members may read them). */
export const webhooksQuery = () =>
  queryOptions({ queryKey: webhooksKey, queryFn: () => answerOf(api.GET("/webhooks")) });

export const useWebhookEndpoints = () => useQuery(webhooksQuery());

/** One page of an endpoint's delivery log, newest first; the page on screen stays while the next loads. */
export const useWebhookAttempts = (id: string, page: number) =>
  useQuery({
    queryKey: [...webhooksKey, id, "attempts", page],
    queryFn: () =>
      answerOf(api.GET("/webhooks/{id}/attempts", { params: { path: { id }, query: { page, pageSize: 10 } } })),
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
  useWebhookMutation((input: WebhookEndpointInput) => answerOf(api.POST("/webhooks", { body: input })));

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, ...update }: WebhookEndpointUpdate & { id: string }) =>
    answerOf(api.PATCH("/webhooks/{id}", { params: { path: { id } }, body: update })),
  );

export const useRemoveWebhookEndpoint = () =>
  useWebhookMutation((id: string) => answerOf(api.DELETE("/webhooks/{id}", { params: { path: { id } } })));

/** The event again to the endpoint, with the same webhook-id; the log shows the new attempt when it is made. */
export const useResendWebhookDelivery = () =>
  useWebhookMutation(({ endpointId, eventId }: { endpointId: string; eventId: string }) =>
    answerOf(api.POST("/webhooks/{id}/deliveries/{eventId}/resend", { params: { path: { id: endpointId, eventId } } })),
  );
