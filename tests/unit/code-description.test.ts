import { describe, expect, it } from "vitest";
import {
  codeReferenceLine,
  codeTitle,
  identityRows,
  isMotorVehicle,
  type DescribedCode,
} from "#schema/code-description.ts";

const property: DescribedCode = {
  propertyType: "Real Estate",
  propertyAddress: "Plot 12, Ngong Road, Nairobi",
  propertyReference: "VAL/2025/014",
  propertyArea: "Four-bedroom house on 0.5 acres",
};

const vehicle: DescribedCode = {
  propertyType: "Motor Vehicle",
  propertyAddress: "",
  propertyReference: "KDA 123A",
  propertyArea: "Toyota Prado 2019",
};

describe("isMotorVehicle", () => {
  it("is true for the Motor Vehicle type only", () => {
    expect(isMotorVehicle(vehicle)).toBe(true);
    expect(isMotorVehicle(property)).toBe(false);
    expect(isMotorVehicle({ propertyType: "motor vehicle" })).toBe(false);
  });
});

describe("codeTitle", () => {
  it("names a property by its location, then its reference, then its description", () => {
    expect(codeTitle(property)).toBe("Plot 12, Ngong Road, Nairobi");
    expect(codeTitle({ ...property, propertyAddress: "  " })).toBe("VAL/2025/014");
    expect(codeTitle({ ...property, propertyAddress: "", propertyReference: null })).toBe(
      "Four-bedroom house on 0.5 acres",
    );
  });

  it("names a vehicle by its description, then its reference number, never a location", () => {
    expect(codeTitle(vehicle)).toBe("Toyota Prado 2019");
    expect(codeTitle({ ...vehicle, propertyArea: null })).toBe("KDA 123A");
    expect(codeTitle({ ...vehicle, propertyAddress: "Stale location", propertyArea: null })).toBe("KDA 123A");
  });

  it("trims what it shows and says Untitled when nothing is left", () => {
    expect(codeTitle({ ...property, propertyAddress: "  Karen, Nairobi \n" })).toBe("Karen, Nairobi");
    expect(codeTitle({ ...property, propertyAddress: " ", propertyReference: "", propertyArea: null })).toBe(
      "Untitled",
    );
    expect(codeTitle({ ...vehicle, propertyArea: "", propertyReference: null })).toBe("Untitled");
  });
});

describe("codeReferenceLine", () => {
  it("labels a property's reference Ref and a vehicle's in full", () => {
    expect(codeReferenceLine(property)).toBe("Ref: VAL/2025/014");
    expect(codeReferenceLine(vehicle)).toBe("Vehicle Reference Number: KDA 123A");
  });

  it("is null without a reference, or when the title already is the reference", () => {
    expect(codeReferenceLine({ ...property, propertyReference: null })).toBeNull();
    expect(codeReferenceLine({ ...property, propertyReference: "   " })).toBeNull();
    expect(codeReferenceLine({ ...vehicle, propertyArea: null })).toBeNull();
    expect(codeReferenceLine({ ...property, propertyAddress: "", propertyReference: " VAL/2025/014 " })).toBeNull();
  });
});

describe("identityRows", () => {
  it("words the detail page in full and adds the property's description", () => {
    expect(identityRows(property)).toEqual([
      ["Property Location", "Plot 12, Ngong Road, Nairobi"],
      ["Property Reference", "VAL/2025/014"],
      ["Description", "Four-bedroom house on 0.5 acres"],
    ]);
  });

  it("gives a vehicle its reference number and description", () => {
    expect(identityRows(vehicle)).toEqual([
      ["Vehicle Reference Number", "KDA 123A"],
      ["Vehicle Description", "Toyota Prado 2019"],
    ]);
  });
});
