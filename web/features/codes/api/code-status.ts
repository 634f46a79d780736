import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CodeStatusHistory, Json } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";

export const codeStatusKey = (id: number | string) => [`/api/qr-codes/${id}/status-history`] as const;

/** The code's state and every revocation and reinstatement, newest first. */
export const codeStatusQuery = (id: number | string) =>
  queryOptions({
    queryKey: codeStatusKey(id),
    queryFn: () => apiRequest<Json<CodeStatusHistory>>(codeStatusKey(id)[0]),
  });

export const useCodeStatus = (id: number) => useQuery(codeStatusQuery(id));
