import { describe, expect, it } from "vitest";
import { formatMoney } from "#schema/money.ts";

describe("the one money formatter", () => {
  it("writes amounts with the product's symbol, grouped as the locale groups them", () => {
    expect(formatMoney("1250000.00", "USD")).toBe("$ 1,250,000.00");
    expect(formatMoney("45000000", "KES")).toBe("KSh 45,000,000.00");
    expect(formatMoney(1800.5, "KES")).toBe("KSh 1,800.50");
    expect(formatMoney("45000000.00", "KES", "sw-KE")).toBe("KSh 45,000,000.00");
  });

  it("is exact beyond what a floating-point number holds", () => {
    // 2^53 + 1: a float would print …992 and drop the cents' last digit.
    expect(formatMoney("9007199254740993.07", "KES")).toBe("KSh 9,007,199,254,740,993.07");
    expect(formatMoney("0.10", "USD")).toBe("$ 0.10");
  });

  it("shows text that is not an amount as it is", () => {
    expect(formatMoney("n/a", "USD")).toBe("$ n/a");
  });
});
