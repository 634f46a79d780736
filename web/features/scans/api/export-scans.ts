import { api, fileOf } from "#web/lib/api-client.ts";

/** GET /api/exports/scans.csv?code=: one code's scans as a CSV file, newest first. */
export const exportCodeScans = (publicToken: string) =>
  fileOf(api.GET("/exports/scans.csv", { params: { query: { code: publicToken } }, parseAs: "blob" }));
