import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LetterDecisionForm } from "#schema/validation/reliances.ts";
import { answerOf, api, type RequestBody } from "#web/lib/api-client.ts";

const codeRelianceKey = (id: number) => [`/api/qr-codes/${id}/reliance`] as const;

/** How many institutions rely on the code (never which), and the reliance-letter requests. */
const codeRelianceQuery = (id: number) =>
  queryOptions({
    queryKey: codeRelianceKey(id),
    queryFn: () => answerOf(api.GET("/qr-codes/{id}/reliance", { params: { path: { id: String(id) } } })),
  });

export const useCodeReliance = (id: number) => useQuery(codeRelianceQuery(id));

/** POST /api/qr-codes/:id/reliance-letters/:letterId: the owner grants or declines, once. */
export function useDecideLetter(id: number, letterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form's date is text (DD/MM/YYYY), which the route's schema parses.
    mutationFn: (input: LetterDecisionForm) =>
      answerOf(
        api.POST("/qr-codes/{id}/reliance-letters/{letterId}", {
          params: { path: { id: String(id), letterId } },
          body: input as RequestBody<"/qr-codes/{id}/reliance-letters/{letterId}", "post">,
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(codeRelianceKey(id), answer),
  });
}
