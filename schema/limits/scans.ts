/** What counts as a scan, and how a firm is told of them. */

/**
 * A scan of the same code by the same visitor within this window is logged but not counted again,
 * so reloading a certificate (or a script replaying it from one address) cannot inflate the count.
 */
export const REPEAT_SCAN_WINDOW_MINUTES = 10;

/**
 * What a scan_events row records: a person's scan, a link preview or crawler fetching the address,
 * or a check of a report copy against the code's seals (logged with its verdict, never counted).
 */
export const SCAN_KINDS = ["scan", "preview", "check"] as const;

export type ScanKind = (typeof SCAN_KINDS)[number];

/** Scan alerts by email: one email per counted scan, a daily digest, or none. */
export const SCAN_ALERT_MODES = ["per-scan", "daily", "none"] as const;

export type ScanAlertMode = (typeof SCAN_ALERT_MODES)[number];

/**
 * Months a scan of a real code is kept whole (then only its day's counts remain): the default of
 * SCAN_RETENTION_MONTHS, and what the privacy policy states (decision 064).
 */
export const SCAN_RETENTION_MONTHS_DEFAULT = 24;

/** The dashboard's latest scans, and GET /api/scans/recent's default. */
export const RECENT_SCANS_DEFAULT = 10;
