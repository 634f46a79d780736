import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RecordRelianceInput, RelianceCheckInput } from "../../../../schema/validation/reliances";
import { answerOf, api, type RequestBody } from "../../../lib/api-client";

export const reliancesKey = ["/api/reliances"] as const;

/** The lender's reliances, newest first: the Portfolio. */
export const reliancesQuery = () =>
  queryOptions({ queryKey: reliancesKey, queryFn: () => answerOf(api.GET("/reliances")) });

export const useReliances = () => useQuery(reliancesQuery());

/** POST /api/reliances/check: the valuation's standing and the warnings; records nothing. */
export const useCheckReliance = () =>
  useMutation({
    mutationFn: (input: RelianceCheckInput) => answerOf(api.POST("/reliances/check", { body: input })),
  });

/** POST /api/reliances: the loan recorded against the valuation; the Portfolio is read again. */
export function useRecordReliance() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form's amount and date are text, which the route's schema parses.
    mutationFn: (input: RecordRelianceInput) =>
      answerOf(api.POST("/reliances", { body: input as RequestBody<"/reliances", "post"> })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reliancesKey }),
  });
}
