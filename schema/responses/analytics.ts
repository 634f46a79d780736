import { z } from "zod";

/** GET /api/analytics/stats: the company's dashboard numbers. */
export const companyStatsAnswer = z.strictObject({
  totalQRCodes: z.number().int(),
  thisMonth: z.number().int().meta({ description: "Codes created since the start of the current month" }),
  verifications: z.number().int().meta({ description: "Counted scans of all the company's codes" }),
  hasSealedReport: z.boolean().meta({
    description:
      "Whether any of the company's reports has been sealed (the last step of the dashboard's setup checklist)",
  }),
});
