import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiKeyInput } from "#schema/validation/api-keys.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

const apiKeysKey = ["/api/api-keys"] as const;

/** The company's API keys, newest first, revoked ones included (owner only). */
const apiKeysQuery = () => queryOptions({ queryKey: apiKeysKey, queryFn: () => answerOf(api.GET("/api-keys")) });

export const useApiKeys = () => useQuery(apiKeysQuery());

/** Makes a key; the answer holds the key itself, which nothing ever shows again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => answerOf(api.POST("/api-keys", { body: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** Revokes a key at once: the next request made with it is refused. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answerOf(api.DELETE("/api-keys/{id}", { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
