import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

export const codeKey = (id: number | string) => [`/api/qr-codes/${id}`] as const;

/** One code with its image and verification count; another company's id answers 404. */
export const codeQuery = (id: number | string) =>
  queryOptions({
    queryKey: codeKey(id),
    queryFn: () => answerOf(api.GET("/qr-codes/{id}", { params: { path: { id: String(id) } } })),
  });

export const useCode = (id: string) => useQuery(codeQuery(id));

/** Re-reads one code, e.g. so its verification count agrees with a freshly read scan log. */
export function useRefreshCode(id: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: codeKey(id) });
}
