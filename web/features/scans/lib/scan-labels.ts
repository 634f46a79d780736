import { REPEAT_SCAN_WINDOW_MINUTES } from "#schema/limits/scans.ts";
import { type CopyVerdict } from "#schema/limits/codes.ts";
import type { ScanEntry } from "#schema/responses/index.ts";
import type { DeviceClass } from "#schema/validation/scans.ts";

const DEVICE_LABELS: Record<DeviceClass, string> = {
  mobile: "Mobile",
  tablet: "Tablet",
  desktop: "Desktop",
  bot: "Automated client",
  other: "Other",
};

const isDeviceClass = (device: string | null): device is DeviceClass =>
  device !== null && Object.hasOwn(DEVICE_LABELS, device);

/** The device class in words; an unknown or missing class reads "Other". */
export const deviceLabel = (device: string | null) =>
  isDeviceClass(device) ? DEVICE_LABELS[device] : DEVICE_LABELS.other;

let countryNames: Intl.DisplayNames | null | undefined;

/** "KE" → "Kenya"; the code itself where the browser has no name for it. */
function countryName(code: string): string {
  countryNames ??=
    typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en-GB"], { type: "region" }) : null;
  try {
    return countryNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Where a scan came from: "Nairobi, Kenya", "Kenya", or "Unknown" when the edge could not tell. */
export function placeLabel(scan: Pick<ScanEntry, "country" | "city">): string {
  const parts = [scan.city, scan.country && countryName(scan.country)].filter(Boolean);
  return parts.length ? parts.join(", ") : "Unknown";
}

const VERDICT_LABELS: Record<CopyVerdict, string> = {
  exact: "the exact sealed report",
  "same-text": "same text as the sealed report",
  "pages-differ": "some pages differ from the sealed report",
  "not-sealed-file": "not the sealed report",
};

/**
 * Whether a visit added to the code's count, and if not, why; a check of a report copy says what it
 * found, and a scan of a sealed report's page names the page.
 */
export function countedLabel(scan: Pick<ScanEntry, "kind" | "counted" | "page" | "checkVerdict">): string {
  if (scan.kind === "check") {
    return `No: copy checked${scan.checkVerdict ? `, ${VERDICT_LABELS[scan.checkVerdict]}` : ""}`;
  }
  if (scan.kind === "preview") return "No: link preview";
  const page = scan.page ? ` (page ${scan.page})` : "";
  return scan.counted ? `Yes${page}` : `No: repeat within ${REPEAT_SCAN_WINDOW_MINUTES} minutes${page}`;
}
