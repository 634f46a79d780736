import { queryOptions, useQuery } from "@tanstack/react-query";
import { LOCATION_QUERY_MIN } from "#schema/limits/codes.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

export const locationSearchKey = ["/api/locations/search"] as const;

/** Property Location suggestions: asked once LOCATION_QUERY_MIN or more characters are typed. */
const locationSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...locationSearchKey, q],
    queryFn: async () => (await answerOf(api.GET("/locations/search", { params: { query: { q } } }))).suggestions,
    enabled: q.trim().length >= LOCATION_QUERY_MIN,
  });

export const useLocationSuggestions = (q: string) => useQuery(locationSearchQuery(q));
