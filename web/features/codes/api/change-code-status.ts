import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CodeStatus, Json } from "../../../../schema/responses";
import type { ReinstateCodeInput, RevokeCodeInput } from "../../../../schema/validation/code-status";
import { apiRequest } from "../../../lib/api-client";
import { codeStatusKey } from "./code-status";
import { codeKey } from "./get-code";
import { codeListsKey } from "./list-codes";

/**
 * After a status change the code, its status history and every list showing its Status column
 * are stale. Awaited, so the dialog closes on the new state rather than the old one.
 */
function useStatusChange<Input>(id: number, action: "revoke" | "reinstate") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest<Json<CodeStatus>>(`/api/qr-codes/${id}/${action}`, { method: "POST", body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: codeStatusKey(id) }),
        queryClient.invalidateQueries({ queryKey: codeKey(id) }),
        queryClient.invalidateQueries({ queryKey: codeListsKey }),
      ]),
  });
}

/** POST /api/qr-codes/:id/revoke: the owner, or the member who created the code. */
export const useRevokeCode = (id: number) => useStatusChange<RevokeCodeInput>(id, "revoke");

/** POST /api/qr-codes/:id/reinstate: the owner only, a separate logged action. */
export const useReinstateCode = (id: number) => useStatusChange<ReinstateCodeInput>(id, "reinstate");
