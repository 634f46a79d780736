import { Hono } from "hono";
import { createQrCodeSchema, qrCodeListQuerySchema } from "../../../schema/validation/qr-codes";
import type { QrCode, QrCodeWithImage } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../lib/company";
import { ApiError } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-address";
import { renderQrSvg, svgDataUrl } from "../../lib/qr";
import { validate } from "../../lib/validation";
import { requireActiveCompany, requireCompanyUser, requireConfirmedEmail, requireUser } from "../../middleware/auth";
import { createCode, findSigningValuer, getCompanyCode, listCodes } from "../../services/qr-codes";
import { codeScanRoutes } from "./scans";
import { codeStatusRoutes } from "./status";

/** The image is drawn from the stored address each time, so it never drifts from what is encoded. */
function withImage(code: QrCode): QrCodeWithImage {
  return { ...code, qrCodeDataUrl: svgDataUrl(renderQrSvg(code.qrCodeData).svg) };
}

/** The company's verification codes (/api/qr-codes); a code of another company is not found. */
export const qrCodeRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, validate("query", qrCodeListQuerySchema), async (c) =>
    c.json(await listCodes(c.var.db, currentCompanyId(c), c.req.valid("query"))),
  )
  .get("/:id", requireUser, requireCompanyUser, async (c) =>
    c.json(withImage(await getCompanyCode(c.var.db, currentCompanyId(c), c.req.param("id")))),
  )
  .post(
    "/",
    requireUser,
    requireCompanyUser,
    requireActiveCompany,
    requireConfirmedEmail,
    validate("json", createQrCodeSchema),
    async (c) => {
      const input = c.req.valid("json");
      const companyId = currentCompanyId(c);
      const valuer = await findSigningValuer(c.var.db, companyId, input.valuerId);
      if (!valuer) {
        throw new ApiError(400, "Validation failed", ["valuerId: Choose an active valuer of your company"]);
      }
      const code = await createCode(c.var.db, publicOrigin(c), { ...input, userId: c.var.user.id, companyId });
      return c.json(withImage({ ...code, valuer }), 201);
    },
  )
  .route("/", codeStatusRoutes)
  .route("/", codeScanRoutes);
