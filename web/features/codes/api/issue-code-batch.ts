import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CodeBatchAnswer, Json } from "../../../../schema/responses";
import type { CreateQrCodeInput } from "../../../../schema/validation/qr-codes";
import { apiRequest } from "../../../lib/api-client";
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
    mutationFn: (codes: CreateQrCodeInput[]) =>
      apiRequest<Json<CodeBatchAnswer>>("/api/qr-codes/batch", { method: "POST", body: { codes } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: codeListsKey });
      void queryClient.invalidateQueries({ queryKey: codeStatsKey });
    },
  });
}
