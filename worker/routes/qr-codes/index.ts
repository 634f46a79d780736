import { Hono } from "hono";
import { idempotencyHeadersSchema } from "../../../schema/validation/idempotency";
import { createQrCodeSchema, qrCodeListQuerySchema } from "../../../schema/validation/qr-codes";
import type { QrCode, QrCodeWithImage } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../lib/company";
import { renderQrSvg, svgDataUrl } from "../../lib/qr";
import { recordSigning } from "../../lib/signing";
import { validate } from "../../lib/validation";
import { wantsPage } from "../../../schema/validation/pagination";
import {
  readAsCompanyUser,
  requireActiveCompany,
  requireCompanyUser,
  requireConfirmedEmail,
  requireSessionToken,
  requireUser,
} from "../../middleware/auth";
import { answerOnce } from "../../services/idempotency";
import {
  codePage,
  codePageQuery,
  codePageRange,
  getCompanyCode,
  issueCode,
  latestCodesQuery,
} from "../../services/qr-codes";
import { codeScanRoutes } from "./scans";
import { codeSealRoutes } from "./seals";
import { codeStatusRoutes } from "./status";

/** The image is drawn from the stored address each time, so it never drifts from what is encoded. */
function withImage(code: QrCode): QrCodeWithImage {
  return { ...code, qrCodeDataUrl: svgDataUrl(renderQrSvg(code.qrCodeData).svg) };
}

/** The company's verification codes (/api/qr-codes); a code of another company is not found. */
export const qrCodeRoutes = new Hono<AppEnv>()
  // One round trip: the session check and the list are one batch (readAsCompanyUser).
  .get("/", requireSessionToken, validate("query", qrCodeListQuerySchema), async (c) => {
    const { db } = c.var;
    const query = c.req.valid("query");
    if (!wantsPage(query)) {
      return c.json(await readAsCompanyUser(c, (companyId) => latestCodesQuery(db, companyId, query)));
    }
    const rows = await readAsCompanyUser(c, (companyId) => codePageQuery(db, companyId, query, codePageRange(query)));
    return c.json(await codePage(db, currentCompanyId(c), query, rows));
  })
  .get("/:id", requireUser, requireCompanyUser, async (c) =>
    c.json(withImage(await getCompanyCode(c.var.db, currentCompanyId(c), c.req.param("id")))),
  )
  .post(
    "/",
    requireUser,
    requireCompanyUser,
    requireActiveCompany,
    requireConfirmedEmail(),
    validate("header", idempotencyHeadersSchema),
    validate("json", createQrCodeSchema),
    async (c) => {
      const input = c.req.valid("json");
      const userId = c.var.user.id;
      const values = { ...input, userId, companyId: currentCompanyId(c) };
      const signing = await recordSigning(c);
      // A resent request with the same Idempotency-Key gets the first code back, not a second (paid) one.
      const answer = await answerOnce(
        c.var.transactional(),
        { userId, key: c.req.valid("header")["idempotency-key"], input },
        async (db) => ({ status: 201 as const, body: withImage(await issueCode(db, signing, values)) }),
      );
      return c.json(answer.body, answer.status, answer.replayed ? { "Idempotent-Replayed": "true" } : undefined);
    },
  )
  .route("/", codeStatusRoutes)
  .route("/", codeSealRoutes)
  .route("/", codeScanRoutes);
