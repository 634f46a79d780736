import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** A valuer as GET /api/valuers answers (SPEC 3); deleted valuers are never listed. */
export interface Valuer {
  id: number;
  userId: number | null;
  companyId: number;
  name: string;
  phone: string | null;
  qualification: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export const valuersKey = ["/api/valuers"] as const;

export const valuersQuery = () =>
  queryOptions({ queryKey: valuersKey, queryFn: () => apiRequest<Valuer[]>("/api/valuers") });

/** The company's valuers: the valuers table, the dashboard count and the signing-valuer choice. */
export const useValuers = () => useQuery(valuersQuery());

/** After any valuer change: the table, the dashboard's Valuers count and the signing-valuer choice refresh. */
export const invalidateValuers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: valuersKey });
