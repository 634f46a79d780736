export interface LocationSuggestion {
  name: string;
}

/**
 * GET /api/locations/search?q=: Property Location suggestions, best first; none for a query
 * shorter than LOCATION_QUERY_MIN.
 */
export interface LocationSuggestions {
  suggestions: LocationSuggestion[];
}
