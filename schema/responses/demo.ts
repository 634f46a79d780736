import { z } from "zod";

/** POST /api/demo-qr: the landing page's live demo code, an SVG as a data: URL. */
export const demoQrCodeAnswer = z.strictObject({ qrCodeData: z.string() });
export type DemoQrCode = z.infer<typeof demoQrCodeAnswer>;
