import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createQrCodeSchema, parseValuationDate } from "#schema/validation/qr-codes.ts";
import {
  formatDate,
  formatDateTime,
  formatDigitsWithSeparators,
  formatMeasure,
  formatMoney,
  maskDayMonthYear,
  todayDayMonthYear,
} from "#web/lib/format.ts";

const initialTimeZone = process.env.TZ;

/** Runs the rest of the test as if the browser were in `zone` (Node reads TZ again when it changes). */
function inTimeZone(zone: string) {
  process.env.TZ = zone;
}

afterEach(() => {
  if (initialTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = initialTimeZone;
});

/** Digits grouped by three with commas, the way en-GB writes an integer. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ",");

describe("formatDate", () => {
  it("writes the day long in en-GB, or as DD/MM/YYYY when short", () => {
    expect(formatDate("2025-01-15T00:00:00.000Z")).toBe("15 January 2025");
    expect(formatDate(new Date(Date.UTC(2024, 1, 29)))).toBe("29 February 2024");
    expect(formatDate("2024-02-29T00:00:00.000Z", "short")).toBe("29/02/2024");
    expect(formatDate("2025-12-31T00:00:00.000Z", "short")).toBe("31/12/2025");
  });

  it("writes the UTC day whatever the browser's zone, since days are stored as midnight UTC", () => {
    inTimeZone("America/Los_Angeles");
    // Midnight UTC is still the evening before in Los Angeles.
    expect(formatDate("2025-04-15T00:00:00.000Z")).toBe("15 April 2025");
    inTimeZone("Pacific/Kiritimati");
    expect(formatDate("2025-04-15T23:59:59.999Z")).toBe("15 April 2025");
  });

  it("writes the day in the reader's language when the check page passes it", () => {
    expect(formatDate("2025-04-15T00:00:00.000Z", "long", "sw-KE")).toBe("15 Aprili 2025");
  });

  it("writes nothing for a missing or unreadable date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("31/02/2025")).toBe("");
    expect(formatDate(new Date(Number.NaN))).toBe("");
  });
});

describe("formatDateTime", () => {
  it("writes the moment in the browser's own zone, to the minute", () => {
    inTimeZone("UTC");
    expect(formatDateTime("2025-01-15T10:05:59Z")).toBe("15 Jan 2025, 10:05");
    inTimeZone("Africa/Nairobi");
    expect(formatDateTime("2025-01-15T22:30:00Z")).toBe("16 Jan 2025, 01:30");
  });
});

describe("formatMoney", () => {
  it("puts the currency's symbol before the amount with two decimals", () => {
    expect(formatMoney("1250000", "USD")).toBe("$ 1,250,000.00");
    expect(formatMoney("45000000", "KES")).toBe("KSh 45,000,000.00");
    expect(formatMoney(1234.5, "USD")).toBe("$ 1,234.50");
    expect(formatMoney("0.01", "KES")).toBe("KSh 0.01");
  });

  it("writes zero and negative amounts as numbers too", () => {
    expect(formatMoney(0, "USD")).toBe("$ 0.00");
    expect(formatMoney("-1500", "USD")).toBe("$ -1,500.00");
  });

  it("keeps an unknown currency's code, and text that is not a number as it is", () => {
    expect(formatMoney("12.5", "EUR")).toBe("EUR 12.50");
    expect(formatMoney("n/a", "USD")).toBe("$ n/a");
  });

  it("keeps the product's symbol in another locale's number format", () => {
    expect(formatMoney("1234567.8", "KES", "sw-KE")).toBe("KSh 1,234,567.80");
    expect(formatMoney("1234567.8", "USD", "de-DE")).toBe("$ 1.234.567,80");
  });

  it("shows every amount numeric(15,2) can hold to the cent", () => {
    const amount = fc.record({
      whole: fc.bigInt({ min: 0n, max: 9_999_999_999_999n }).map(String),
      cents: fc.option(fc.stringMatching(/^\d{1,2}$/), { nil: undefined }),
    });
    fc.assert(
      fc.property(amount, ({ whole, cents }) => {
        const text = cents === undefined ? whole : `${whole}.${cents}`;
        expect(formatMoney(text, "USD")).toBe(`$ ${grouped(whole)}.${(cents ?? "").padEnd(2, "0")}`);
      }),
    );
  });
});

describe("formatDigitsWithSeparators", () => {
  it("groups the typed digits by three", () => {
    expect(formatDigitsWithSeparators("")).toBe("");
    expect(formatDigitsWithSeparators("999")).toBe("999");
    expect(formatDigitsWithSeparators("1000")).toBe("1,000");
    expect(formatDigitsWithSeparators("1250000")).toBe("1,250,000");
  });

  it("only adds commas, and the schema reads the amount back unchanged", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,12}$/), (digits) => {
        const shown = formatDigitsWithSeparators(digits);
        expect(shown.replace(/,/g, "")).toBe(digits);
        expect(shown).toMatch(/^\d{1,3}(,\d{3})*$/);
        expect(shown).toBe(grouped(digits));
        const sent = { propertyType: "Other", propertyAddress: "Nairobi", valuationDate: "15/04/2025", valuerId: 1 };
        expect(createQrCodeSchema.parse({ ...sent, marketValue: shown }).marketValue).toBe(digits);
      }),
    );
  });
});

describe("maskDayMonthYear", () => {
  it("inserts the slashes as the date is typed", () => {
    const typing = ["1", "15", "150", "1504", "15042", "15042025"].map(maskDayMonthYear);
    expect(typing).toEqual(["1", "15", "15/0", "15/04", "15/04/2", "15/04/2025"]);
  });

  it("keeps a slash typed right after a whole day or month, and only there", () => {
    expect(maskDayMonthYear("15/")).toBe("15/");
    expect(maskDayMonthYear("15/04/")).toBe("15/04/");
    expect(maskDayMonthYear("1/")).toBe("1");
    expect(maskDayMonthYear("15//")).toBe("15/");
    expect(maskDayMonthYear("15/04/2025/")).toBe("15/04/2025");
  });

  it("drops everything but digits and stops at ten characters", () => {
    expect(maskDayMonthYear("15a04-2025")).toBe("15/04/2025");
    expect(maskDayMonthYear("150420251999")).toBe("15/04/2025");
    expect(maskDayMonthYear("abc")).toBe("");
  });

  it("never grows past DD/MM/YYYY and changes nothing it already masked", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("0", "1", "5", "9", "/", "-", "a", " "), maxLength: 20 }),
        (text) => {
          const masked = maskDayMonthYear(text);
          expect(masked.length).toBeLessThanOrEqual(10);
          expect(masked).toMatch(/^(\d{1,2}(\/(\d{1,2}(\/\d{0,4})?)?)?)?$/);
          expect(maskDayMonthYear(masked)).toBe(masked);
        },
      ),
    );
  });

  it("turns the digits of any day into the form the schema reads as that day", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }), (day) => {
        const written = day.toISOString().slice(0, 10).split("-").reverse().join("/");
        const masked = maskDayMonthYear(written.replace(/\//g, ""));
        expect(masked).toBe(written);
        expect(parseValuationDate(masked)?.toISOString().slice(0, 10)).toBe(day.toISOString().slice(0, 10));
      }),
    );
  });
});

describe("todayDayMonthYear", () => {
  it("writes the browser's own calendar day, not the UTC one", () => {
    inTimeZone("Africa/Nairobi");
    // 22:30 UTC on 29 February is already 1 March in Nairobi (UTC+3).
    expect(todayDayMonthYear(new Date("2024-02-29T22:30:00Z"))).toBe("01/03/2024");
    inTimeZone("America/Los_Angeles");
    expect(todayDayMonthYear(new Date("2025-01-01T05:00:00Z"))).toBe("31/12/2024");
  });
});

describe("formatMeasure", () => {
  it("writes a size with its unit and up to four decimals", () => {
    expect(formatMeasure("2450", "sqft")).toBe("2,450 sqft");
    expect(formatMeasure("0.5", "acres")).toBe("0.5 acres");
    expect(formatMeasure("1.23456", "hectares")).toBe("1.2346 hectares");
    expect(formatMeasure(0, "sqm")).toBe("0 sqm");
    expect(formatMeasure("1234", null)).toBe("1,234");
  });

  it("writes nothing when there is no size, and odd text as it is", () => {
    expect(formatMeasure(null, "sqft")).toBe("");
    expect(formatMeasure(undefined, "sqft")).toBe("");
    expect(formatMeasure("", "sqft")).toBe("");
    expect(formatMeasure("about 3", "acres")).toBe("about 3 acres");
  });
});
