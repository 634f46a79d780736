import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "./api-client";

export const currentCompanyKey = ["/api/companies/current"] as const;

/** The signed-in user's company, with where its scan alerts go. */
const currentCompanyQuery = () =>
  queryOptions({
    queryKey: currentCompanyKey,
    queryFn: () => answerOf(api.GET("/companies/current")),
  });

export const useCurrentCompany = () => useQuery(currentCompanyQuery());
