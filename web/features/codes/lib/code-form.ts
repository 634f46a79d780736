import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { Currency, PropertyType, ValuationPurpose } from "#schema/limits/codes.ts";
import { createQrCodeSchema, MOTOR_VEHICLE, REAL_ESTATE, type CreateQrCodeInput } from "#schema/validation/qr-codes.ts";
import { todayDayMonthYear } from "#web/lib/format.ts";

/** What the create form holds: text as typed (market value with separators, date as DD/MM/YYYY). */
export interface CodeFormValues {
  propertyType: PropertyType | "";
  propertyAddress: string;
  propertyReference: string;
  propertyArea: string;
  propertySize: string;
  propertySizeUnit: "sqft" | "sqm";
  landSize: string;
  landSizeUnit: "acres" | "hectares" | "sqft";
  valuationDate: string;
  marketValue: string;
  currency: Currency;
  valuerId: string;
  addressee: string;
  purpose: ValuationPurpose | "";
  inspectionDate: string;
  forcedSaleValue: string;
  /** Empty: the server sets the valuation date plus the company's validity period. */
  validUntil: string;
  titleNumber: string;
}

/** Every field of the form, for placing the server's answers about a field under it. */
export const CODE_FORM_FIELDS = [
  "propertyType",
  "propertyAddress",
  "propertyReference",
  "propertyArea",
  "propertySize",
  "propertySizeUnit",
  "landSize",
  "landSizeUnit",
  "valuationDate",
  "marketValue",
  "currency",
  "valuerId",
  "addressee",
  "purpose",
  "inspectionDate",
  "forcedSaleValue",
  "validUntil",
  "titleNumber",
] as const satisfies readonly (keyof CodeFormValues)[];

/** An empty form: the market value left for the valuer to type (a "0" was sent unnoticed), in the firm's currency. */
export const codeFormDefaults = (currency: Currency = "USD"): CodeFormValues => ({
  propertyType: "",
  propertyAddress: "",
  propertyReference: "",
  propertyArea: "",
  propertySize: "",
  propertySizeUnit: "sqft",
  landSize: "",
  landSizeUnit: "acres",
  valuationDate: todayDayMonthYear(),
  marketValue: "",
  currency,
  valuerId: "",
  addressee: "",
  purpose: "",
  inspectionDate: "",
  forcedSaleValue: "",
  validUntil: "",
  titleNumber: "",
});

/** Market value: only digits are kept (commas stripped); no leading zeros, so "0" then "5" reads "5". */
export const marketValueDigits = (text: string) => text.replace(/\D/g, "").replace(/^0+(?=\d)/, "");

/**
 * The POST /api/qr-codes body for the form's values: market value as a number, the valuer as an
 * integer. A Motor Vehicle has no location or sizes: what is hidden is not sent, so a size typed
 * before switching type can neither fail nor be stored. Until a property type is chosen the body
 * is incomplete, and the schema says so. The forced sale value goes as its digits (text, so no
 * digit is lost); a title number only for Real Estate, the one type it is shown for.
 */
function toCodeRequest(values: CodeFormValues): Partial<CreateQrCodeInput> {
  const vehicle = values.propertyType === MOTOR_VEHICLE;
  const valuerId = Number.parseInt(values.valuerId, 10);
  return {
    propertyType: values.propertyType || undefined,
    ...(vehicle
      ? {}
      : {
          propertyAddress: values.propertyAddress,
          propertySize: values.propertySize,
          propertySizeUnit: values.propertySizeUnit,
          landSize: values.landSize,
          landSizeUnit: values.landSizeUnit,
        }),
    propertyReference: values.propertyReference,
    propertyArea: values.propertyArea,
    valuationDate: values.valuationDate,
    marketValue: Number(marketValueDigits(values.marketValue)) || 0,
    currency: values.currency,
    valuerId: Number.isNaN(valuerId) ? undefined : valuerId,
    addressee: values.addressee,
    purpose: values.purpose || undefined,
    inspectionDate: values.inspectionDate,
    forcedSaleValue: marketValueDigits(values.forcedSaleValue) || undefined,
    validUntil: values.validUntil,
    ...(values.propertyType === REAL_ESTATE ? { titleNumber: values.titleNumber } : {}),
  };
}

const validateRequest = zodResolver(createQrCodeSchema, undefined, { raw: true });

/**
 * The shared server schema checks exactly the body that will be sent (same rules on both sides);
 * its field paths are the form's field names, so each message lands under its field. A body it
 * accepts is handed on untransformed (`raw`), so the form submits a CreateQrCodeInput.
 */
export const codeFormResolver: Resolver<CodeFormValues, unknown, CreateQrCodeInput> = (values, context, options) =>
  validateRequest(toCodeRequest(values) as never, context, options as never) as never;
