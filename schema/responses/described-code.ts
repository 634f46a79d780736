import { z } from "zod";

/** The fields that identify what a code values (schema/code-description.ts names it from them). */
export const describedCodeFields = {
  propertyType: z.string(),
  propertyAddress: z.string(),
  propertyReference: z.string().nullable(),
  propertyArea: z.string().nullable(),
};
