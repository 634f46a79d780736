export { formatDate } from "#schema/format-date.ts";
export { formatMoney } from "#schema/money.ts";

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

/** Thousands separators while typing (digits only; the commas are stripped before sending). */
export function formatDigitsWithSeparators(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The DD/MM/YYYY typing mask: anything but digits and slashes is dropped, slashes are
 * inserted between day, month and year, and the text never exceeds 10 characters. A slash typed
 * right after a complete day or month is kept so typing "15/" reads naturally.
 */
export function maskDayMonthYear(text: string): string {
  const typed = text.replace(/[^\d/]/g, "");
  const digits = typed.replace(/\//g, "").slice(0, 8);
  const masked = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join("/");
  const slashAfterPart = typed.endsWith("/") && (digits.length === 2 || digits.length === 4);
  return slashAfterPart ? `${masked}/` : masked;
}

/** Today as DD/MM/YYYY in the user's own calendar (the create form's default valuation date). */
export function todayDayMonthYear(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
}

/** A size with its unit: "2,450 sqft", "0.5 acres"; "" when there is no size. */
export function formatMeasure(value: string | number | null | undefined, unit: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = Number(value);
  const number = Number.isFinite(amount) ? amount.toLocaleString("en-GB", { maximumFractionDigits: 4 }) : String(value);
  return unit ? `${number} ${unit}` : number;
}
