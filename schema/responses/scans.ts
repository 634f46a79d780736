import type { DescribedCode } from "../code-description";
import type { CopyVerdict, ScanKind } from "../limits";

/** One logged visit; place fields are null when the edge could not tell (always, locally). */
export interface ScanEntry {
  at: Date;
  /** A person's scan, a link preview or crawler fetching the address, or a check of a report copy. */
  kind: ScanKind;
  /** False for a preview, and for a repeat by the same visitor within the repeat window. */
  counted: boolean;
  /** ISO 3166 alpha-2 code. */
  country: string | null;
  city: string | null;
  /** One of DEVICE_CLASSES (schema/validation/scans.ts). */
  deviceClass: string | null;
  /** The sealed report's page whose QR was scanned; null for the code's own address. */
  page: number | null;
  /** For a check of a report copy (kind "check"): what the check found. */
  checkVerdict: CopyVerdict | null;
}

/** Scans of one UTC day (YYYY-MM-DD). */
export interface ScanDay {
  date: string;
  count: number;
}

/**
 * GET /api/qr-codes/:id/scans: the latest visits (newest first, previews and repeats included and
 * marked), counted scans per UTC day over the chart's window (oldest first, days without scans
 * included with 0) and the number of unique scanners.
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

/** GET /api/scans/recent?limit=: the company's latest scans by people (no link previews), newest first. */
export interface RecentScans {
  scans: RecentScan[];
}
