import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ValuerInput } from "#schema/validation/valuers.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { invalidateValuers } from "./list-valuers";

/** POST /api/valuers (owner only). */
export function useCreateValuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ValuerInput) => answerOf(api.POST("/valuers", { body: input })),
    onSuccess: () => invalidateValuers(queryClient),
  });
}
