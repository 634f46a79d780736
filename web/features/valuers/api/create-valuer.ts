import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Json, Valuer } from "../../../../schema/responses";
import type { ValuerInput } from "../../../../schema/validation/valuers";
import { apiRequest } from "../../../lib/api-client";
import { invalidateValuers } from "./list-valuers";

/** POST /api/valuers (owner only). */
export function useCreateValuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ValuerInput) => apiRequest<Json<Valuer>>("/api/valuers", { method: "POST", body: input }),
    onSuccess: () => invalidateValuers(queryClient),
  });
}
