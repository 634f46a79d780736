import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { IDEMPOTENCY_KEY_HEADER } from "#schema/validation/idempotency.ts";
import type { CreateQrCodeInput } from "#schema/validation/qr-codes.ts";
import { answerOf, api, type RequestBody } from "#web/lib/api-client.ts";
import { codeStatsKey } from "./code-stats";
import { codeKey } from "./get-code";
import { codeListsKey } from "./list-codes";
import { locationSearchKey } from "./search-locations";

/**
 * POST /api/qr-codes; afterwards the lists, the stats and the address suggestions are stale.
 *
 * Codes are paid per use, so each request carries an Idempotency-Key, one per form content: a
 * double click, or Generate again after a failed or lost answer, sends the same key and the server
 * answers with the one code it made. Changed content is another code and gets a new key, and so
 * does the next code after a success.
 */
export function useCreateCode() {
  const queryClient = useQueryClient();
  const pending = useRef<{ content: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (request: CreateQrCodeInput) => {
      const content = JSON.stringify(request);
      if (pending.current?.content !== content) pending.current = { content, key: crypto.randomUUID() };
      return answerOf(
        api.POST("/qr-codes", {
          // The form's text (amounts, the valuer's id, days) is what the route's schema parses.
          body: request as RequestBody<"/qr-codes", "post">,
          headers: { [IDEMPOTENCY_KEY_HEADER]: pending.current.key },
        }),
      );
    },
    onSuccess: (code) => {
      pending.current = null;
      queryClient.setQueryData(codeKey(code.id), code);
      queryClient.removeQueries({ queryKey: locationSearchKey });
      // Not awaited: the preview shows at once; lists refetch when they are next on screen.
      void queryClient.invalidateQueries({ queryKey: codeListsKey });
      void queryClient.invalidateQueries({ queryKey: codeStatsKey });
    },
  });
}
