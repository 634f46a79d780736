import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

export const codeStatusKey = (id: number | string) => [`/api/qr-codes/${id}/status-history`] as const;

/** The code's state and every revocation and reinstatement, newest first. */
const codeStatusQuery = (id: number | string) =>
  queryOptions({
    queryKey: codeStatusKey(id),
    queryFn: () => answerOf(api.GET("/qr-codes/{id}/status-history", { params: { path: { id: String(id) } } })),
  });

export const useCodeStatus = (id: number) => useQuery(codeStatusQuery(id));

/** POST /api/qr-codes/:id/confirmation-request: the owner asks ValuSeal to confirm a code issued before verification. */
export const useRequestCodeConfirmation = (id: number) =>
  useMutation({
    mutationFn: () =>
      answerOf(api.POST("/qr-codes/{id}/confirmation-request", { params: { path: { id: String(id) } } })),
  });
