import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The signed-in user's company as GET /api/companies/current answers (SPEC 3, plus the scan-alert webhook state). */
export interface Company {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  ownerId: number;
  isActive: boolean;
  webhookUrl: string | null;
  webhookLastStatus: string | null;
  webhookLastAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const currentCompanyKey = ["/api/companies/current"] as const;

export const currentCompanyQuery = () =>
  queryOptions({ queryKey: currentCompanyKey, queryFn: () => apiRequest<Company>("/api/companies/current") });

export const useCurrentCompany = () => useQuery(currentCompanyQuery());
