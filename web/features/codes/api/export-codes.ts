import { api, fileOf, type RequestQuery } from "#web/lib/api-client.ts";
import type { CodeFilters } from "./list-codes";

/** GET /api/exports/codes.csv: every code History's filters match, as a CSV file. */
export const exportCodes = (filters: CodeFilters) =>
  fileOf(
    api.GET("/exports/codes.csv", {
      // The filters come from the address bar as text; the route refuses a value not in its lists.
      params: { query: filters as RequestQuery<"/exports/codes.csv"> },
      parseAs: "blob",
    }),
  );
