import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Json, QrCodeWithImage } from "../../../../schema/responses";
import type { CreateQrCodeInput } from "../../../../schema/validation/qr-codes";
import { apiRequest } from "../../../lib/api-client";
import { codeStatsKey } from "./code-stats";
import { codeKey } from "./get-code";
import { codeListsKey } from "./list-codes";
import { locationSearchKey } from "./search-locations";

/** POST /api/qr-codes; afterwards the lists, the stats and the address suggestions are stale. */
export function useCreateCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateQrCodeInput) =>
      apiRequest<Json<QrCodeWithImage>>("/api/qr-codes", { method: "POST", body: request }),
    onSuccess: (code) => {
      queryClient.setQueryData(codeKey(code.id), code);
      queryClient.removeQueries({ queryKey: locationSearchKey });
      // Not awaited: the preview shows at once; lists refetch when they are next on screen.
      void queryClient.invalidateQueries({ queryKey: codeListsKey });
      void queryClient.invalidateQueries({ queryKey: codeStatsKey });
    },
  });
}
