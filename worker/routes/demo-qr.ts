import { Hono } from "hono";
import { demoQrSchema } from "../../schema/validation/demo";
import type { AppEnv } from "../env";
import { DEMO_TOKEN, verificationAddress } from "../lib/public-address";
import { publicOrigin } from "../request/public-origin";
import { renderQrSvg, svgDataUrl } from "../lib/qr";
import { validate } from "../lib/validation";
import { rateLimitByAddress } from "../middleware/rate-limit";

/**
 * The landing page's live demo code. It points at the demo certificate, whose content is the
 * server's own sample: values from a public request are never shown as a certificate.
 */
export const demoQrRoutes = new Hono<AppEnv>().post(
  "/",
  rateLimitByAddress("PUBLIC_LIMITER"),
  validate("json", demoQrSchema),
  (c) => {
    const { svg } = renderQrSvg(verificationAddress(publicOrigin(c), DEMO_TOKEN));
    return c.json({ qrCodeData: svgDataUrl(svg) });
  },
);
