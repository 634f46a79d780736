import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateQrCodeInput } from "#schema/validation/qr-codes.ts";
import { answerOf, api, type RequestBody } from "#web/lib/api-client.ts";
import { codeStatsKey } from "./code-stats";
import { codeListsKey } from "./list-codes";

/**
 * POST /api/qr-codes/batch with one part of an upload. Each row carries the firm's reference, so a
 * part sent again (after a lost answer, or the whole upload issued twice) answers the codes already
 * issued for it rather than issuing more.
 */
export function useIssueCodeBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    // The CSV's text (amounts, the valuer's id, days) is what the route's schema parses.
    mutationFn: (codes: CreateQrCodeInput[]) =>
      answerOf(api.POST("/qr-codes/batch", { body: { codes } as RequestBody<"/qr-codes/batch", "post"> })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: codeListsKey });
      void queryClient.invalidateQueries({ queryKey: codeStatsKey });
    },
  });
}
