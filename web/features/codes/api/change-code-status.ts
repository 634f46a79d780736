import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CodeStatus } from "#schema/responses/index.ts";
import type { ReinstateCodeInput, RevokeCodeInput } from "#schema/validation/code-status.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { codeStatusKey } from "./code-status";
import { codeKey } from "./get-code";
import { codeListsKey } from "./list-codes";

/**
 * After a status change the code, its status history and every list showing its Status column
 * are stale. Awaited, so the dialog closes on the new state rather than the old one.
 */
function useStatusChange<Input>(id: number, change: (path: { id: string }, input: Input) => Promise<CodeStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => change({ id: String(id) }, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: codeStatusKey(id) }),
        queryClient.invalidateQueries({ queryKey: codeKey(id) }),
        queryClient.invalidateQueries({ queryKey: codeListsKey }),
      ]),
  });
}

/** POST /api/qr-codes/:id/revoke: the owner, or the member who created the code. */
export const useRevokeCode = (id: number) =>
  useStatusChange(id, (path, input: RevokeCodeInput) =>
    answerOf(api.POST("/qr-codes/{id}/revoke", { params: { path }, body: input })),
  );

/** POST /api/qr-codes/:id/reinstate: the owner only, a separate logged action. */
export const useReinstateCode = (id: number) =>
  useStatusChange(id, (path, input: ReinstateCodeInput) =>
    answerOf(api.POST("/qr-codes/{id}/reinstate", { params: { path }, body: input })),
  );
