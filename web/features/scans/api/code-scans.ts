import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

const codeScansKey = (id: number | string) => [`/api/qr-codes/${id}/scans`] as const;

/** The latest scans of one code, scans per UTC day over the chart's window, and unique scanners. */
const codeScansQuery = (id: number | string) =>
  queryOptions({
    queryKey: codeScansKey(id),
    queryFn: () => answerOf(api.GET("/qr-codes/{id}/scans", { params: { path: { id: String(id) } } })),
  });

export const useCodeScans = (id: number) => useQuery(codeScansQuery(id));
