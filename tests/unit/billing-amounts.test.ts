import { describe, expect, it } from "vitest";
import { vatOf } from "#schema/limits/billing.ts";
import { formatMinorUnits, minorUnitsAsDecimal } from "#schema/money.ts";
import { amountInMinorUnits, kraPinField, mpesaPhoneField } from "#schema/validation/billing.ts";

const refusal = (schema: typeof kraPinField | typeof amountInMinorUnits | typeof mpesaPhoneField, value: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

describe("money kept in minor units", () => {
  it("is written as every other amount, by integer arithmetic", () => {
    expect(minorUnitsAsDecimal(580_000)).toBe("5800.00");
    expect(minorUnitsAsDecimal(5)).toBe("0.05");
    expect(minorUnitsAsDecimal(-1_050)).toBe("-10.50");
    expect(formatMinorUnits(580_000, "KES")).toBe("KSh 5,800.00");
    expect(formatMinorUnits(4_524, "USD")).toBe("$ 45.24");
    // Past 2^53 cents a float would lose the last cent; the text keeps it.
    expect(minorUnitsAsDecimal(900_719_925_474_099)).toBe("9007199254740.99");
  });

  it("adds VAT rounded half up to a whole cent", () => {
    expect(vatOf(500_000, 1600)).toBe(80_000);
    expect(vatOf(3_900, 1600)).toBe(624);
    expect(vatOf(58_050, 1600)).toBe(9_288);
    // 16 % of 3 cents is 0.48 of a cent: nothing; of 4 cents, 0.64: one cent.
    expect(vatOf(3, 1600)).toBe(0);
    expect(vatOf(4, 1600)).toBe(1);
    expect(vatOf(1_000, 750)).toBe(75);
  });

  it("reads a price an administrator types into cents, or refuses it", () => {
    expect(amountInMinorUnits.parse("5000")).toBe(500_000);
    expect(amountInMinorUnits.parse("5,000.5")).toBe(500_050);
    expect(amountInMinorUnits.parse(" 12.34 ")).toBe(1_234);
    for (const wrong of ["-5", "12.345", "1e5", "abc", "", "0", "0.00", "12345678"]) {
      expect(refusal(amountInMinorUnits, wrong), wrong).not.toBeNull();
    }
  });
});

describe("a KRA PIN", () => {
  it("is taken as typed and kept in the KRA's form", () => {
    expect(kraPinField.parse("p051 234 567x")).toBe("P051234567X");
    expect(kraPinField.parse("A123456789Z")).toBe("A123456789Z");
    expect(kraPinField.parse("")).toBeUndefined();
  });

  it("is refused when it is not one", () => {
    for (const wrong of ["P05123456", "X051234567A", "P0512345678", "P051234567"]) {
      expect(refusal(kraPinField, wrong), wrong).toEqual(["Enter a KRA PIN like P051234567X"]);
    }
  });
});

describe("an M-Pesa phone number", () => {
  it("is taken as Kenyans write it and sent as Safaricom wants it", () => {
    for (const [written, sent] of [
      ["0712 345 678", "254712345678"],
      ["0112-345-678", "254112345678"],
      ["+254 712 345 678", "254712345678"],
      ["254712345678", "254712345678"],
      ["(0712) 345678", "254712345678"],
    ]) {
      expect(mpesaPhoneField.parse(written), written).toBe(sent);
    }
  });

  it("is refused on the field otherwise: a landline, another country, too few digits", () => {
    for (const wrong of ["0202345678", "+255712345678", "071234567", "07123456789", "712345678", "phone"]) {
      expect(refusal(mpesaPhoneField, wrong), wrong).toEqual(["Enter the M-Pesa phone number, like 0712 345 678"]);
    }
  });
});
