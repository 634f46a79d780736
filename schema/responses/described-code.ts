import { z } from "zod";
import { decimal } from "./fields";

/** The fields that identify what a code values (schema/code-description.ts names it from them). */
export const describedCodeFields = {
  propertyType: z.string(),
  propertyAddress: z.string(),
  propertyReference: z.string().nullable(),
  propertyArea: z.string().nullable(),
};

/** The property's sizes and coordinates, as stored: decimal text and their units, or null. */
export const propertyMeasureFields = {
  propertySize: decimal.nullable(),
  propertySizeUnit: z.string().nullable(),
  landSize: decimal.nullable(),
  landSizeUnit: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
};
