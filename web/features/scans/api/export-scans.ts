import { api, fileOf } from "../../../lib/api-client";

/** GET /api/exports/scans.csv?code=: one code's scans as a CSV file, newest first. */
export const exportCodeScans = (publicToken: string) =>
  fileOf(api.GET("/exports/scans.csv", { params: { query: { code: publicToken } }, parseAs: "blob" }));
