import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookSecretRotation } from "#schema/api-v1.ts";
import type { WebhookEndpointInput, WebhookEndpointUpdate } from "#schema/validation/webhook.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

const webhooksKey = ["/api/webhooks"] as const;

/** The company's webhook endpoints, oldest first (members may read them). */
const webhooksQuery = () => queryOptions({ queryKey: webhooksKey, queryFn: () => answerOf(api.GET("/webhooks")) });

export const useWebhookEndpoints = () => useQuery(webhooksQuery());

/** How often the log is read again while an event just sent has no attempt in it yet. */
const AWAITED_ATTEMPT_POLL_MS = 1000;

/**
 * One page of an endpoint's delivery log, newest first; the page on screen stays while the next
 * loads. With `awaitedEventId` (a test event just sent) it is read again every second until that
 * event's attempt is in it: the queue, not the request, makes the attempt.
 */
export const useWebhookAttempts = (id: string, page: number, awaitedEventId: string | null = null) =>
  useQuery({
    queryKey: [...webhooksKey, id, "attempts", page],
    queryFn: () =>
      answerOf(api.GET("/webhooks/{id}/attempts", { params: { path: { id }, query: { page, pageSize: 10 } } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      awaitedEventId && !query.state.data?.items.some((attempt) => attempt.eventId === awaitedEventId)
        ? AWAITED_ATTEMPT_POLL_MS
        : false,
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

/**
 * Only the list is read again: the removed endpoint's own queries would answer 404 and replace its
 * page (and the confirmation's callbacks with it) before the page moves back to the list.
 */
export const useRemoveWebhookEndpoint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answerOf(api.DELETE("/webhooks/{id}", { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true }),
  });
};

/** The event again to the endpoint, with the same webhook-id; the log shows the new attempt when it is made. */
export const useResendWebhookDelivery = () =>
  useWebhookMutation(({ endpointId, eventId }: { endpointId: string; eventId: string }) =>
    answerOf(api.POST("/webhooks/{id}/deliveries/{eventId}/resend", { params: { path: { id: endpointId, eventId } } })),
  );

/** One endpoint, for its own page. */
export const useWebhookEndpoint = (id: string) =>
  useQuery({
    queryKey: [...webhooksKey, id],
    queryFn: () => answerOf(api.GET("/webhooks/{id}", { params: { path: { id } } })),
  });

/** A `webhook.test` event to this endpoint alone; its attempt appears in the log when the queue has made it. */
export const useSendTestWebhookEvent = () =>
  useWebhookMutation((id: string) => answerOf(api.POST("/webhooks/{id}/test", { params: { path: { id } } })));

/** Owner only: the answer holds the new secret, which nothing ever shows again. */
export const useRotateWebhookSecret = () =>
  useWebhookMutation(({ id, ...rotation }: WebhookSecretRotation & { id: string }) =>
    answerOf(api.POST("/webhooks/{id}/secret", { params: { path: { id } }, body: rotation })),
  );
