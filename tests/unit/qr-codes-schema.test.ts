import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ROW_ID } from "#schema/limits.ts";
import { createQrCodeSchema, parseValuationDate, qrCodeListQuerySchema } from "#schema/validation/qr-codes.ts";

const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The smallest body the create form sends for a property. */
const property = {
  propertyType: "Real Estate",
  propertyAddress: "Plot 12, Ngong Road, Nairobi",
  marketValue: "1,250,000",
  valuationDate: "15/04/2025",
  valuerId: 3,
};

/** "field: message" for every issue, as the API reports them. */
function problems(input: unknown): string[] {
  const result = createQrCodeSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("createQrCodeSchema: the firm's reference", () => {
  const reference = (externalReference: unknown) =>
    createQrCodeSchema.safeParse({ ...property, externalReference }).data?.externalReference;

  it("is folded to NFKC, so look-alike forms are one reference", () => {
    expect(reference("ＪＯＢ-１４２")).toBe("JOB-142");
    expect(reference("  job-ﬁle-7 ")).toBe("job-file-7");
    // Case is the firm's own: it stays.
    expect(reference("Job-7")).toBe("Job-7");
    expect(reference("   ")).toBeUndefined();
  });

  it("counts its length after folding, as it is stored", () => {
    expect(problems({ ...property, externalReference: "ﬀ".repeat(51) })).toEqual([
      "externalReference: Must be at most 100 characters",
    ]);
    expect(reference("a".repeat(100))).toHaveLength(100);
  });
});

describe("parseValuationDate", () => {
  it("reads DD/MM/YYYY as that calendar day at midnight UTC", () => {
    expect(parseValuationDate("15/04/2025")).toEqual(utcDay(2025, 4, 15));
    expect(parseValuationDate("31/12/2025")).toEqual(utcDay(2025, 12, 31));
    expect(parseValuationDate("01/01/1900")).toEqual(utcDay(1900, 1, 1));
    expect(parseValuationDate("31/12/2100")).toEqual(utcDay(2100, 12, 31));
  });

  it("takes 29 February only in a leap year", () => {
    expect(parseValuationDate("29/02/2024")).toEqual(utcDay(2024, 2, 29));
    expect(parseValuationDate("29/02/2000")).toEqual(utcDay(2000, 2, 29));
    expect(parseValuationDate("29/02/2025")).toBeNull();
    // 1900 and 2100 are divisible by 100 but not by 400: not leap years.
    expect(parseValuationDate("29/02/1900")).toBeNull();
    expect(parseValuationDate("29/02/2100")).toBeNull();
  });

  it("refuses days that are not on the calendar rather than rolling them over", () => {
    for (const text of ["31/04/2025", "32/01/2025", "00/01/2025", "15/00/2025", "15/13/2025", "30/02/2024"]) {
      expect(parseValuationDate(text), text).toBeNull();
    }
  });

  it("keeps years to 1900–2100", () => {
    expect(parseValuationDate("31/12/1899")).toBeNull();
    expect(parseValuationDate("01/01/2101")).toBeNull();
    expect(parseValuationDate("1899-12-31")).toBeNull();
  });

  it("needs two-digit day and month and a four-digit year", () => {
    for (const text of [
      "5/4/2025",
      "15/4/2025",
      "15/04/25",
      "15-04-2025",
      "15.04.2025",
      " 15/04/2025",
      "15/04/2025x",
    ]) {
      expect(parseValuationDate(text), text).toBeNull();
    }
  });

  it("reads ISO 8601 and keeps the day it names, whatever the time and offset", () => {
    expect(parseValuationDate("2025-04-15")).toEqual(utcDay(2025, 4, 15));
    expect(parseValuationDate("2025-04-15T00:00:00.000Z")).toEqual(utcDay(2025, 4, 15));
    // 23:30 at -05:00 is already 16 April in UTC; the written day is still the 15th.
    expect(parseValuationDate("2025-04-15T23:30:00-05:00")).toEqual(utcDay(2025, 4, 15));
    expect(parseValuationDate("2025-04-15T01:00+0300")).toEqual(utcDay(2025, 4, 15));
    expect(parseValuationDate("2024-02-29T12:00:00.123456789Z")).toEqual(utcDay(2024, 2, 29));
  });

  it("refuses ISO text that is not a real day or not ISO", () => {
    for (const text of ["2025-02-29", "2025-4-15", "2025-04-15T25", "2025-04-15 10:00", "20250415", "April 15, 2025"]) {
      expect(parseValuationDate(text), text).toBeNull();
    }
  });

  it("reads back every day of 1900–2100 written either way", () => {
    fc.assert(
      fc.property(fc.date({ min: utcDay(1900, 1, 1), max: utcDay(2100, 12, 31), noInvalidDate: true }), (instant) => {
        const day = utcDay(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
        const [yyyy, mm, dd] = [pad(day.getUTCFullYear(), 4), pad(day.getUTCMonth() + 1), pad(day.getUTCDate())];
        expect(parseValuationDate(`${dd}/${mm}/${yyyy}`)).toEqual(day);
        expect(parseValuationDate(`${yyyy}-${mm}-${dd}`)).toEqual(day);
      }),
    );
  });
});

describe("createQrCodeSchema: money", () => {
  const marketValue = (value: unknown) => createQrCodeSchema.safeParse({ ...property, marketValue: value });

  it("keeps the amount as decimal text, without the form's thousands separators", () => {
    expect(marketValue("1,250,000").data?.marketValue).toBe("1250000");
    expect(marketValue(" 45000000.50 ").data?.marketValue).toBe("45000000.50");
    expect(marketValue(1250000.5).data?.marketValue).toBe("1250000.5");
    expect(marketValue("0.01").data?.marketValue).toBe("0.01");
  });

  it("refuses zero and negative amounts", () => {
    for (const value of ["0", "0.00", "000", 0, "-5", -5, "-0.01"]) {
      expect(problems({ ...property, marketValue: value }), String(value)).toEqual([
        "marketValue: Market value must be greater than 0",
      ]);
    }
  });

  it("takes at most two decimal places", () => {
    expect(problems({ ...property, marketValue: "12.345" })).toEqual([
      "marketValue: Market value must be a number with at most 2 decimal places",
    ]);
    // A float that does not print as two decimals is refused rather than rounded.
    expect(problems({ ...property, marketValue: 0.1 + 0.2 })).toEqual([
      "marketValue: Market value must be a number with at most 2 decimal places",
    ]);
  });

  it("fits numeric(15,2): thirteen digits before the point, leading zeros not counted", () => {
    expect(marketValue("9,999,999,999,999.99").data?.marketValue).toBe("9999999999999.99");
    expect(marketValue("0009999999999999").data?.marketValue).toBe("0009999999999999");
    expect(problems({ ...property, marketValue: "10000000000000" })).toEqual([
      "marketValue: Market value must have at most 13 digits before the decimal point",
    ]);
  });

  it("refuses text that is not a plain decimal", () => {
    for (const value of ["1e5", "12.", ".5", "1 000", "$100", "NaN", Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(problems({ ...property, marketValue: value }), String(value)).toEqual([
        "marketValue: Market value must be a number with at most 2 decimal places",
      ]);
    }
    expect(problems({ ...property, marketValue: true })).toEqual(["marketValue: Market value must be a number"]);
  });

  it("calls a missing or empty amount required", () => {
    for (const value of [undefined, null, "", "   ", ","]) {
      expect(problems({ ...property, marketValue: value }), String(value)).toEqual([
        "marketValue: Market value is required",
      ]);
    }
  });

  it("lets sizes carry more decimals than money: four for land, two for buildings", () => {
    const parsed = createQrCodeSchema.parse({ ...property, landSize: "0.1234", propertySize: "2,450.5" });
    expect(parsed).toMatchObject({ landSize: "0.1234", propertySize: "2450.5" });
    expect(problems({ ...property, landSize: "0.12345" })).toEqual([
      "landSize: Land size must be a number with at most 4 decimal places",
    ]);
    expect(problems({ ...property, propertySize: "0" })).toEqual([
      "propertySize: Building size must be greater than 0",
    ]);
  });
});

describe("createQrCodeSchema: fields", () => {
  it("fills the defaults and leaves empty optional fields out", () => {
    expect(createQrCodeSchema.parse({ ...property, addressee: "  ", purpose: "", inspectionDate: "" })).toEqual({
      propertyType: "Real Estate",
      propertyAddress: "Plot 12, Ngong Road, Nairobi",
      marketValue: "1250000",
      valuationDate: utcDay(2025, 4, 15),
      valuerId: 3,
      propertySizeUnit: "sqft",
      landSizeUnit: "acres",
      currency: "USD",
    });
  });

  it("writes coordinates with eight decimals and a tiny negative as zero", () => {
    expect(createQrCodeSchema.parse({ ...property, latitude: "-1.2921", longitude: 36.8219 })).toMatchObject({
      latitude: "-1.29210000",
      longitude: "36.82190000",
    });
    expect(createQrCodeSchema.parse({ ...property, latitude: "-0.000000001" }).latitude).toBe("0.00000000");
    expect(createQrCodeSchema.parse({ ...property, latitude: 90, longitude: -180 })).toMatchObject({
      latitude: "90.00000000",
      longitude: "-180.00000000",
    });
  });

  it("refuses coordinates off the globe or not numbers", () => {
    expect(problems({ ...property, latitude: 90.0001 })).toEqual(["latitude: Latitude must be between -90 and 90"]);
    expect(problems({ ...property, longitude: "-180.5" })).toEqual([
      "longitude: Longitude must be between -180 and 180",
    ]);
    expect(problems({ ...property, latitude: "north" })).toEqual(["latitude: Latitude must be a number"]);
  });

  it("takes the signing valuer's id as a number or digits, within Postgres' int4", () => {
    expect(createQrCodeSchema.parse({ ...property, valuerId: "42" }).valuerId).toBe(42);
    expect(createQrCodeSchema.parse({ ...property, valuerId: MAX_ROW_ID }).valuerId).toBe(MAX_ROW_ID);
    for (const valuerId of [0, -3, 1.5, MAX_ROW_ID + 1, "4x", undefined]) {
      expect(problems({ ...property, valuerId }), String(valuerId)).toEqual(["valuerId: Signing valuer is required"]);
    }
  });

  it("refuses a body that is not an object without throwing", () => {
    for (const body of [null, 42, "code", []]) {
      expect(createQrCodeSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe("createQrCodeSchema: rules across fields", () => {
  it("needs a location for a property, and a reference number (not a location) for a vehicle", () => {
    expect(problems({ ...property, propertyAddress: "  " })).toEqual([
      "propertyAddress: Property location is required",
    ]);
    const vehicle = { ...property, propertyType: "Motor Vehicle", propertyAddress: undefined };
    expect(problems(vehicle)).toEqual(["propertyReference: Vehicle Reference Number is required"]);
    expect(createQrCodeSchema.parse({ ...vehicle, propertyReference: "KDA 123A" })).toMatchObject({
      propertyAddress: "",
      propertyReference: "KDA 123A",
    });
  });

  it("drops sizes for a vehicle and a title number for anything but real estate", () => {
    const vehicle = createQrCodeSchema.parse({
      ...property,
      propertyType: "Motor Vehicle",
      propertyReference: "KDA 123A",
      propertySize: "100",
      landSize: "2",
      titleNumber: "NAIROBI/BLOCK 12/345",
    });
    expect(vehicle).toMatchObject({ propertySize: null, propertySizeUnit: null, landSize: null, landSizeUnit: null });
    expect(vehicle.titleNumber).toBeUndefined();
    const land = createQrCodeSchema.parse({ ...property, titleNumber: "NAIROBI/BLOCK 12/345", landSize: "2" });
    expect(land).toMatchObject({ titleNumber: "NAIROBI/BLOCK 12/345", landSize: "2", landSizeUnit: "acres" });
  });

  it("lets the inspection be on the valuation day but not after it", () => {
    expect(createQrCodeSchema.parse({ ...property, inspectionDate: "15/04/2025" }).inspectionDate).toEqual(
      utcDay(2025, 4, 15),
    );
    expect(problems({ ...property, inspectionDate: "16/04/2025" })).toEqual([
      "inspectionDate: Inspection date cannot be after the valuation date",
    ]);
  });

  it("needs validUntil after the valuation day and at most 365 days after it", () => {
    expect(problems({ ...property, validUntil: "15/04/2025" })).toEqual([
      "validUntil: Valid until must be after the valuation date",
    ]);
    expect(createQrCodeSchema.parse({ ...property, validUntil: "16/04/2025" }).validUntil).toEqual(utcDay(2025, 4, 16));
    // The last day allowed: 15/04/2025 + 365 days.
    expect(createQrCodeSchema.parse({ ...property, validUntil: "15/04/2026" }).validUntil).toEqual(utcDay(2026, 4, 15));
    expect(problems({ ...property, validUntil: "16/04/2026" })).toEqual([
      "validUntil: Valid until must be within 365 days of the valuation date",
    ]);
  });

  it("counts 365 days across a leap day: 29 February makes the same date a year on one day too far", () => {
    const overLeapYear = { ...property, valuationDate: "01/03/2023" };
    expect(createQrCodeSchema.parse({ ...overLeapYear, validUntil: "29/02/2024" }).validUntil).toEqual(
      utcDay(2024, 2, 29),
    );
    expect(problems({ ...overLeapYear, validUntil: "01/03/2024" })).toEqual([
      "validUntil: Valid until must be within 365 days of the valuation date",
    ]);
  });

  it("compares the forced sale value with the market value exactly, in cents", () => {
    const withForcedSale = (marketValue: unknown, forcedSaleValue: unknown) =>
      problems({ ...property, marketValue, forcedSaleValue });
    expect(withForcedSale("1,000.10", "1000.1")).toEqual([]);
    expect(withForcedSale("9999999999999.98", "9999999999999.99")).toEqual([
      "forcedSaleValue: Forced sale value cannot be above the market value",
    ]);
    expect(withForcedSale("1000.1", "1000.11")).toEqual([
      "forcedSaleValue: Forced sale value cannot be above the market value",
    ]);
    expect(withForcedSale("900", "1000")).toEqual([
      "forcedSaleValue: Forced sale value cannot be above the market value",
    ]);
  });

  it("reports a comparison only once both of its fields are valid", () => {
    expect(problems({ ...property, valuationDate: "31/02/2025", validUntil: "01/01/2025" })).toEqual([
      "valuationDate: Enter a real date as DD/MM/YYYY",
    ]);
    expect(problems({ ...property, marketValue: "-1", forcedSaleValue: "5" })).toEqual([
      "marketValue: Market value must be greater than 0",
    ]);
  });

  it("reports the type rule alongside other fields' errors", () => {
    expect(problems({ ...property, propertyAddress: "", marketValue: "0" })).toEqual([
      "marketValue: Market value must be greater than 0",
      "propertyAddress: Property location is required",
    ]);
  });
});

describe("qrCodeListQuerySchema", () => {
  it("reads the history filters from a query string", () => {
    expect(
      qrCodeListQuerySchema.parse({ limit: "5", date: "29/02/2024", propertyType: "all", search: "  ngong " }),
    ).toEqual({ limit: 5, date: utcDay(2024, 2, 29), search: "ngong" });
    expect(qrCodeListQuerySchema.parse({ date: "2024-02-29", propertyType: "Motor Vehicle" })).toEqual({
      date: utcDay(2024, 2, 29),
      propertyType: "Motor Vehicle",
    });
  });

  it("refuses a limit outside 1–100 and a date that is not a day", () => {
    expect(qrCodeListQuerySchema.safeParse({ limit: "100" }).success).toBe(true);
    expect(qrCodeListQuerySchema.safeParse({ limit: "101" }).error?.issues[0]?.message).toBe(
      "Limit must be at most 100",
    );
    expect(qrCodeListQuerySchema.safeParse({ limit: "0" }).error?.issues[0]?.message).toBe("Limit must be at least 1");
    expect(qrCodeListQuerySchema.safeParse({ date: "29/02/2025" }).error?.issues[0]?.message).toBe(
      "Enter a real date as DD/MM/YYYY",
    );
  });
});
