/**
 * The one date formatter: en-GB long ("15 January 2025") unless a short form is asked for; the
 * public check page passes its reader's locale ("sw-KE": "15 Aprili 2025").
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: "long" | "short" = "long",
  locale = "en-GB",
): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString(
    locale,
    style === "long"
      ? { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
      : { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" },
  );
}
