import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CurrentCompany, Json } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";

export const currentCompanyKey = ["/api/companies/current"] as const;

/** The signed-in user's company, with where its scan alerts go. */
export const currentCompanyQuery = () =>
  queryOptions({
    queryKey: currentCompanyKey,
    queryFn: () => apiRequest<Json<CurrentCompany>>("/api/companies/current"),
  });

export const useCurrentCompany = () => useQuery(currentCompanyQuery());
