import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";
import { invalidateValuers } from "./list-valuers";

/** DELETE /api/valuers/:id (owner only). Codes the valuer signed keep naming them. */
export function useDeleteValuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answerOf(api.DELETE("/valuers/{id}", { params: { path: { id: String(id) } } })),
    // Not awaited: the refetch removes the row whose actions called this, and a caller's own
    // onSuccess (the toast) would never run once its component is gone.
    onSuccess: () => void invalidateValuers(queryClient),
  });
}
