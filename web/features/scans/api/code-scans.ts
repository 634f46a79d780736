import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeviceClass } from "../../../../schema/validation/scans";
import { apiRequest } from "../../../lib/api-client";

/** One counted scan; place fields are null when the edge could not tell (always, locally). */
export interface ScanEntry {
  at: string;
  country: string | null;
  city: string | null;
  deviceClass: DeviceClass;
}

/** GET /api/qr-codes/:id/scans: the latest scans, scans per UTC day over 30 days (oldest first), unique scanners. */
export interface CodeScans {
  scans: ScanEntry[];
  daily: { date: string; count: number }[];
  uniqueScanners: number;
}

export const codeScansKey = (id: number | string) => [`/api/qr-codes/${id}/scans`] as const;

export const codeScansQuery = (id: number | string) =>
  queryOptions({ queryKey: codeScansKey(id), queryFn: () => apiRequest<CodeScans>(codeScansKey(id)[0]) });

export const useCodeScans = (id: number) => useQuery(codeScansQuery(id));
