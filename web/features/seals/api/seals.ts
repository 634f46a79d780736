import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReportFingerprint } from "#schema/validation/seals.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

const sealsKey = (codeId: number) => [`/api/qr-codes/${codeId}/seals`] as const;

/** Every sealed version of the code's report, newest first. */
const sealsQuery = (codeId: number) =>
  queryOptions({
    queryKey: sealsKey(codeId),
    queryFn: () => answerOf(api.GET("/qr-codes/{id}/seals", { params: { path: { id: String(codeId) } } })),
  });

export const useSeals = (codeId: number) => useQuery(sealsQuery(codeId));

/** POST /api/qr-codes/:id/seals: only the sealed file's fingerprints, never the file; answers its signed record. */
export function useRegisterSeal(codeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fingerprint: ReportFingerprint) =>
      answerOf(api.POST("/qr-codes/{id}/seals", { params: { path: { id: String(codeId) } }, body: fingerprint })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sealsKey(codeId) }),
  });
}
