import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invalidateValuers } from "./list-valuers";

/** DELETE /api/valuers/:id (owner only). Codes the valuer signed keep naming them. */
export function useDeleteValuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/valuers/${id}`, { method: "DELETE" }),
    onSuccess: () => invalidateValuers(queryClient),
  });
}
