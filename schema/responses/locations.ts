import { z } from "zod";

/**
 * GET /api/locations/search?q=: Property Location suggestions, best first; none for a query
 * shorter than LOCATION_QUERY_MIN.
 */
export const locationSuggestionsAnswer = z.strictObject({
  suggestions: z.array(z.strictObject({ name: z.string() })),
});
