import { createRoute } from "@hono/zod-openapi";
import { demoQrCodeAnswer } from "#schema/responses/index.ts";
import { demoQrSchema } from "#schema/validation/demo.ts";
import { DEMO_TOKEN, verificationAddress } from "../lib/public-address";
import { publicOrigin } from "../request/public-origin";
import { renderQrSvg, svgDataUrl } from "../lib/qr";
import { rateLimitByAddress } from "../middleware/rate-limit";
import { documentedRoutes, jsonAnswer, jsonBody } from "./contract";

const demoCode = createRoute({
  method: "post",
  path: "/",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER")] as const,
  request: jsonBody(demoQrSchema),
  responses: { 200: jsonAnswer(demoQrCodeAnswer, "The demo code's image") },
});

/**
 * The landing page's live demo code. It points at the demo certificate, whose content is the
 * server's own sample: values from a public request are never shown as a certificate.
 */
export const demoQrRoutes = documentedRoutes().openapi(demoCode, (c) => {
  const { svg } = renderQrSvg(verificationAddress(publicOrigin(c), DEMO_TOKEN));
  return c.json({ qrCodeData: svgDataUrl(svg) }, 200);
});
