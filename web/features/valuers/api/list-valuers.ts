import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

const valuersKey = ["/api/valuers"] as const;

const valuersQuery = () => queryOptions({ queryKey: valuersKey, queryFn: () => answerOf(api.GET("/valuers")) });

/** The company's valuers: the valuers table, the dashboard count and the signing-valuer choice. */
export const useValuers = () => useQuery(valuersQuery());

/** After any valuer change: the table, the dashboard's Valuers count and the signing-valuer choice refresh. */
export const invalidateValuers = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: valuersKey });
