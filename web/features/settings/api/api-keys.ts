import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeySummary, CreatedApiKey, Json, MessageResponse } from "../../../../schema/responses";
import type { CreateApiKeyInput } from "../../../../schema/validation/api-keys";
import { apiRequest } from "../../../lib/api-client";

export const apiKeysKey = ["/api/api-keys"] as const;

/** The company's API keys, newest first, revoked ones included (owner only). */
export const apiKeysQuery = () =>
  queryOptions({ queryKey: apiKeysKey, queryFn: () => apiRequest<Json<ApiKeySummary>[]>(apiKeysKey[0]) });

export const useApiKeys = () => useQuery(apiKeysQuery());

/** Makes a key; the answer holds the key itself, which nothing ever shows again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiRequest<Json<CreatedApiKey>>(apiKeysKey[0], { method: "POST", body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** Revokes a key at once: the next request made with it is refused. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(`${apiKeysKey[0]}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
