import { CURRENCY_SYMBOLS, type Currency } from "./limits/codes";

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The one money formatter, for the Worker's pages, the web app and the offline verifier alike:
 * "$ 1,250,000.00", "KSh 45,000,000.00" (the symbol is the product's own in every locale; the
 * digits are grouped as the locale groups them). Exact: the amount reaches Intl as its decimal text,
 * which Intl formats digit for digit, never through a floating-point number, so 90,071,992,547,409.93
 * stays what was stored. Text that is not a decimal number is shown as it is.
 */
export function formatMoney(value: string | number, currency: string, locale = "en-GB"): string {
  const symbol = CURRENCY_SYMBOLS[currency as Currency] ?? currency;
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return `${symbol} ${text}`;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(locale, formatter);
  }
  return `${symbol} ${formatter.format(text as `${number}`)}`;
}

/** An amount in minor units (cents) as decimal text, by integer arithmetic: 580000 → "5800.00". */
export function minorUnitsAsDecimal(minor: number): string {
  const whole = Math.trunc(Math.abs(minor) / 100);
  const cents = Math.abs(minor) % 100;
  return `${minor < 0 ? "-" : ""}${whole}.${String(cents).padStart(2, "0")}`;
}

/** A price or a payment kept in minor units, formatted as every other amount: "KSh 5,800.00". */
export const formatMinorUnits = (minor: number, currency: string, locale?: string) =>
  formatMoney(minorUnitsAsDecimal(minor), currency, locale);
