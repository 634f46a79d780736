import { z } from "zod";
import { LIMITS } from "../limits";
import { CURRENCIES, PROPERTY_TYPES } from "../limits/codes";

/** The landing page's demo request. Its values only describe the sample; nothing is stored. */
export const demoQrSchema = z.object({
  propertyAddress: z.string().trim().min(1).max(LIMITS.propertyAddress),
  propertyReference: z.string().trim().max(LIMITS.propertyReference).optional(),
  propertyType: z.enum(PROPERTY_TYPES),
  propertySize: z.string().max(20).optional(),
  propertySizeUnit: z.string().max(10).optional(),
  landSize: z.string().max(20).optional(),
  landSizeUnit: z.string().max(10).optional(),
  marketValue: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, "Market value must be a number"),
  currency: z.enum(CURRENCIES),
  valuationDate: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, "Use DD/MM/YYYY"),
  signingValuer: z.string().trim().max(LIMITS.valuerName).optional(),
  valuerPhone: z.string().trim().max(LIMITS.phone).optional(),
  companyName: z.string().trim().max(LIMITS.companyName).optional(),
});
export type DemoQrInput = z.infer<typeof demoQrSchema>;
