import type { DescribedCode } from "../code-description";

/** One counted scan; place fields are null when the edge could not tell (always, locally). */
export interface ScanEntry {
  at: Date;
  /** ISO 3166 alpha-2 code. */
  country: string | null;
  city: string | null;
  /** One of DEVICE_CLASSES (schema/validation/scans.ts). */
  deviceClass: string | null;
}

/** Scans of one UTC day (YYYY-MM-DD). */
export interface ScanDay {
  date: string;
  count: number;
}

/**
 * GET /api/qr-codes/:id/scans: the latest scans (newest first), scans per UTC day over the chart's
 * window (oldest first, days without scans included with 0) and the number of unique scanners.
 */
export interface CodeScans {
  scans: ScanEntry[];
  daily: ScanDay[];
  uniqueScanners: number;
}

/** A scan of any of the company's codes, with what names the code it was of (see codeTitle). */
export interface RecentScan extends ScanEntry {
  code: DescribedCode & { id: number; publicToken: string };
}

/** GET /api/scans/recent?limit=: the company's latest scans, newest first. */
export interface RecentScans {
  scans: RecentScan[];
}
