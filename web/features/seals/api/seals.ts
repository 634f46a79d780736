import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Json, RegisteredSeal, ReportSeal } from "../../../../schema/responses";
import type { ReportFingerprint } from "../../../../schema/validation/seals";
import { apiRequest } from "../../../lib/api-client";

export const sealsKey = (codeId: number) => [`/api/qr-codes/${codeId}/seals`] as const;

/** Every sealed version of the code's report, newest first. */
export const sealsQuery = (codeId: number) =>
  queryOptions({ queryKey: sealsKey(codeId), queryFn: () => apiRequest<Json<ReportSeal>[]>(sealsKey(codeId)[0]) });

export const useSeals = (codeId: number) => useQuery(sealsQuery(codeId));

/** POST /api/qr-codes/:id/seals: only the sealed file's fingerprints, never the file; answers its signed record. */
export function useRegisterSeal(codeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fingerprint: ReportFingerprint) =>
      apiRequest<Json<RegisteredSeal>>(sealsKey(codeId)[0], { method: "POST", body: fingerprint }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sealsKey(codeId) }),
  });
}
