import { z } from "zod";
import { timestamp } from "./fields";

/** POST /api/demo-qr: the landing page's live demo code, an SVG as a data: URL. */
export const demoQrCodeAnswer = z.strictObject({ qrCodeData: z.string() });

/** GET /api/public/platform-figures: the landing page's figures, as last counted (at most an hour ago). */
export const platformFiguresAnswer = z.strictObject({
  verifiedFirms: z
    .number()
    .int()
    .meta({ description: "Valuation firms ValuSeal has verified, active and not suspended" }),
  codesIssued: z.number().int(),
  scansThisMonth: z.number().int().meta({ description: "Counted scans of real codes in the UTC month of countedAt" }),
  countedAt: timestamp,
});
export type PlatformFigures = z.infer<typeof platformFiguresAnswer>;
