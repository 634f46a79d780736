import type { PropertyType } from "./limits/codes";

/**
 * How a code says what was valued, decided once for the Worker (certificate page, scan payloads)
 * and the web (lists, detail page, certificate). No zod here: the public certificate page loads it.
 */
export const MOTOR_VEHICLE: PropertyType = "Motor Vehicle";

/** A vehicle has no location: its reference and description are named as the create form names them. */
export const VEHICLE_REFERENCE_LABEL = "Vehicle Reference Number";
export const VEHICLE_DESCRIPTION_LABEL = "Vehicle Description";

/** The fields that identify what a code values (propertyArea is its short description). */
export interface DescribedCode {
  propertyType: string;
  propertyAddress: string;
  propertyReference: string | null;
  propertyArea: string | null;
}

export const isMotorVehicle = (code: Pick<DescribedCode, "propertyType">) => code.propertyType === MOTOR_VEHICLE;

/**
 * The line that names a code in lists and headings: a property's location; a vehicle's
 * description, or its reference number when it has none (a vehicle's location is always blank).
 */
export function codeTitle(code: DescribedCode): string {
  const candidates = isMotorVehicle(code)
    ? [code.propertyArea, code.propertyReference]
    : [code.propertyAddress, code.propertyReference, code.propertyArea];
  return candidates.map((text) => text?.trim()).find(Boolean) ?? "Untitled";
}

/** The reference under a list's title, labelled; null when there is none or the title already is it. */
export function codeReferenceLine(code: DescribedCode): string | null {
  const reference = code.propertyReference?.trim();
  if (!reference || reference === codeTitle(code)) return null;
  return `${isMotorVehicle(code) ? VEHICLE_REFERENCE_LABEL : "Ref"}: ${reference}`;
}

type LabelledValue = [label: string, value: string | null];

/**
 * What was valued, as the code's detail page labels it: a vehicle by its reference number and
 * description, anything else by its location, reference and description. (A certificate words it
 * shorter, in its reader's language: verifier/certificate-sections.ts.)
 */
export function identityRows(code: DescribedCode): LabelledValue[] {
  if (isMotorVehicle(code)) {
    return [
      [VEHICLE_REFERENCE_LABEL, code.propertyReference],
      [VEHICLE_DESCRIPTION_LABEL, code.propertyArea],
    ];
  }
  return [
    ["Property Location", code.propertyAddress],
    ["Property Reference", code.propertyReference],
    ["Description", code.propertyArea],
  ];
}
