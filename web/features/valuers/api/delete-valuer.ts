import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";
import { invalidateValuers } from "./list-valuers";

/** DELETE /api/valuers/:id (owner only). Codes the valuer signed keep naming them. */
export function useDeleteValuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answerOf(api.DELETE("/valuers/{id}", { params: { path: { id: String(id) } } })),
    // Awaited: the row is gone before the caller hears of success, so its dialog closes onto the
    // page (focus to the heading), not onto a Delete button about to disappear.
    onSuccess: () => invalidateValuers(queryClient),
  });
}
