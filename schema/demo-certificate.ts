import type { DemoQrInput } from "./validation/demo";

/**
 * The sample on the landing page and behind /v/demo. Kept apart from the zod schema so the landing
 * page can send it without downloading zod.
 */
export const DEMO_CERTIFICATE: DemoQrInput = {
  propertyAddress: "Plot 12, Riverside Drive, Westlands, Nairobi",
  propertyReference: "DEMO-0001",
  propertyType: "Real Estate",
  propertySize: "2450",
  propertySizeUnit: "sqft",
  landSize: "0.5",
  landSizeUnit: "acres",
  marketValue: "45000000",
  currency: "KES",
  valuationDate: "15/01/2025",
  signingValuer: "Jane Wanjiku",
  valuerPhone: "+254 700 000 000",
  companyName: "ValuSeal Demo Valuers",
};
