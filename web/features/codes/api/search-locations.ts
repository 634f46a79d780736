import { queryOptions, useQuery } from "@tanstack/react-query";
import { LOCATION_QUERY_MIN } from "../../../../schema/limits";
import type { LocationSuggestions } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { pathWithQuery } from "../../../lib/path-with-query";

export const locationSearchKey = ["/api/locations/search"] as const;

/** Property Location suggestions: asked once LOCATION_QUERY_MIN or more characters are typed. */
export const locationSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...locationSearchKey, q],
    queryFn: async () =>
      (await apiRequest<LocationSuggestions>(pathWithQuery("/api/locations/search", { q }))).suggestions,
    enabled: q.trim().length >= LOCATION_QUERY_MIN,
  });

export const useLocationSuggestions = (q: string) => useQuery(locationSearchQuery(q));
