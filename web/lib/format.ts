import { CURRENCY_SYMBOLS, type Currency } from "../../schema/limits";

/** The one date formatter: en-GB long ("15 January 2025") unless a short form is asked for. */
export function formatDate(value: string | Date | null | undefined, style: "long" | "short" = "long"): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString(
    "en-GB",
    style === "long"
      ? { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
      : { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" },
  );
}

export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return date.toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** The one money formatter: "$ 1,250,000.00" / "KSh 45,000,000.00". */
export function formatMoney(value: string | number, currency: string): string {
  const amount = typeof value === "number" ? value : Number(value);
  const symbol = CURRENCY_SYMBOLS[currency as Currency] ?? currency;
  const digits = Number.isFinite(amount)
    ? amount.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : String(value);
  return `${symbol} ${digits}`;
}

/** Thousands separators while typing (SPEC 5: digits only, commas stripped). */
export function formatDigitsWithSeparators(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
