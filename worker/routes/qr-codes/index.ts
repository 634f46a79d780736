import { Hono } from "hono";
import { queueOutboxAfterResponse } from "../../request/after-response";
import { idempotencyHeadersSchema } from "../../../schema/validation/idempotency";
import { codeBatchSchema, createQrCodeSchema, qrCodeListQuerySchema } from "../../../schema/validation/qr-codes";
import type { CodeBatchAnswer, QrCode, QrCodeWithImage } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../request/company";
import { renderQrSvg, svgDataUrl } from "../../lib/qr";
import { recordSigning } from "../../request/record-signing";
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
import { WebhookOutbox } from "../../services/webhooks";
import { issueCodeBatch } from "../../services/code-batches";
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
      const outbox = new WebhookOutbox();
      // A resent request with the same Idempotency-Key gets the first code back, not a second (paid) one.
      const answer = await answerOnce(
        c.var.transactional(),
        { userId, key: c.req.valid("header")["idempotency-key"], input },
        async (db) => ({ status: 201 as const, body: withImage(await issueCode(db, signing, outbox, values)) }),
      );
      queueOutboxAfterResponse(c, outbox);
      return c.json(answer.body, answer.status, answer.replayed ? { "Idempotent-Replayed": "true" } : undefined);
    },
  )
  // Many codes at once (the CSV upload sends its rows in parts, for its progress bar): each row
  // idempotent by the firm's reference, so a part sent again after a dropped answer issues nothing twice.
  .post(
    "/batch",
    requireUser,
    requireCompanyUser,
    requireActiveCompany,
    requireConfirmedEmail(),
    validate("json", codeBatchSchema),
    async (c) => {
      const outbox = new WebhookOutbox();
      const results = await issueCodeBatch(
        c.var.transactional(),
        await recordSigning(c),
        { userId: c.var.user.id, companyId: currentCompanyId(c) },
        c.req.valid("json").codes,
        outbox,
      );
      queueOutboxAfterResponse(c, outbox);
      const answer: CodeBatchAnswer = {
        results: results.map((result) => ({ ...result, code: withImage(result.code) })),
      };
      return c.json(answer);
    },
  )
  .route("/", codeStatusRoutes)
  .route("/", codeSealRoutes)
  .route("/", codeScanRoutes);
