import { createRoute, z } from "@hono/zod-openapi";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { idempotencyHeadersSchema } from "#schema/validation/idempotency.ts";
import { codeBatchSchema, createQrCodeSchema, qrCodeListQuerySchema } from "#schema/validation/qr-codes.ts";
import { codeBatchAnswer, pageAnswer, qrCodeAnswer, qrCodeWithImageAnswer } from "#schema/responses/index.ts";
import { currentCompanyId } from "#worker/request/company.ts";
import { renderQrSvg, svgDataUrl } from "#worker/lib/qr.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import { wantsPage } from "#schema/validation/pagination.ts";
import {
  assertMayIssue,
  readAsCompanyUser,
  requireActiveCompany,
  requireCompanyUser,
  requireConfirmedEmail,
  requireIssuerOrganisation,
  requireSessionToken,
  requireUser,
} from "#worker/middleware/auth.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { issueCodeBatch } from "#worker/services/codes/code-batches.ts";
import { issueCode, prospectiveCodesQuery } from "#worker/services/codes/code-issuing.ts";
import { sessionCompanyId } from "#worker/services/accounts/sessions.ts";
import {
  codePage,
  codePageQuery,
  codePageRange,
  getCompanyCode,
  latestCodesQuery,
  type StoredCode,
} from "#worker/services/codes/qr-codes.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";
import { codeScanRoutes } from "./scans";
import { codeSealRoutes } from "./seals";
import { codeRelianceRoutes } from "./reliance";
import { codeStatusRoutes } from "./status";

/** The image is drawn from the stored address each time, so it never drifts from what is encoded. */
function withImage(code: StoredCode) {
  return { ...code, qrCodeDataUrl: svgDataUrl(renderQrSvg(code.qrCodeData).svg) };
}

const listCodes = createRoute({
  method: "get",
  path: "/",
  middleware: [requireSessionToken] as const,
  request: { query: qrCodeListQuerySchema },
  responses: {
    200: jsonAnswer(
      z.union([z.array(qrCodeAnswer), pageAnswer(qrCodeAnswer)]),
      "The newest codes (up to `limit`), or with `page` one page of them and the total",
    ),
  },
});

const getCode = createRoute({
  method: "get",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(qrCodeWithImageAnswer, "The code, with its image and its signer now") },
});

const createCode = createRoute({
  method: "post",
  path: "/",
  // The session is checked with the issue's first round trip (assertMayIssue), not before it.
  middleware: [requireSessionToken] as const,
  request: { headers: idempotencyHeadersSchema, ...jsonBody(createQrCodeSchema) },
  responses: {
    201: jsonAnswer(qrCodeWithImageAnswer, "The code issued (or, for a repeated Idempotency-Key, the first answer)"),
  },
});

const createBatch = createRoute({
  method: "post",
  path: "/batch",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireIssuerOrganisation,
    requireActiveCompany,
    requireConfirmedEmail(),
  ] as const,
  request: jsonBody(codeBatchSchema),
  responses: { 200: jsonAnswer(codeBatchAnswer, "One result per row, in the order sent") },
});

/** The company's verification codes (/api/qr-codes); a code of another company is not found. */
export const qrCodeRoutes = documentedRoutes()
  // One round trip: the session check and the list are one batch (readAsCompanyUser).
  .openapi(listCodes, async (c) => {
    const { db } = c.var;
    const query = c.req.valid("query");
    if (!wantsPage(query)) {
      return c.json(await readAsCompanyUser(c, (companyId) => latestCodesQuery(db, companyId, query)), 200);
    }
    const rows = await readAsCompanyUser(c, (companyId) => codePageQuery(db, companyId, query, codePageRange(query)));
    return c.json(await codePage(db, currentCompanyId(c), query, rows), 200);
  })
  .openapi(getCode, async (c) =>
    c.json(withImage(await getCompanyCode(c.var.db, currentCompanyId(c), c.req.valid("param").id)), 200),
  )
  .openapi(createCode, async (c) => {
    const { db, claims } = c.var;
    const input = c.req.valid("json");
    const signing = await recordSigning(c);
    const issuer = { userId: claims.userId, companyId: sessionCompanyId(claims) };
    // Two round trips: the session check with the code as it will be stored, then the code, its
    // signed record and the answer stored in one statement (worker/services/codes/code-issuing.ts).
    const prospective = await readAsCompanyUser(
      c,
      () => prospectiveCodesQuery(db, signing.origin, issuer, [input]),
      assertMayIssue,
    );
    const outbox = new Outbox();
    // A resent request with the same Idempotency-Key gets the first code back, not a second (paid) one.
    const answer = await issueCode(
      db,
      signing,
      outbox,
      {
        issuer,
        values: input,
        request: { userId: claims.userId, key: c.req.valid("header")["idempotency-key"], input },
        prospective,
      },
      withImage,
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(answer.body, answer.status, answer.replayed ? { "Idempotent-Replayed": "true" } : undefined);
  })
  // Many codes at once (the CSV upload sends its rows in parts, for its progress bar): each row
  // idempotent by the firm's reference, so a part sent again after a dropped answer issues nothing twice.
  .openapi(createBatch, async (c) => {
    const outbox = new Outbox();
    const results = await issueCodeBatch(
      c.var.db,
      await recordSigning(c),
      { userId: c.var.user.id, companyId: currentCompanyId(c) },
      c.req.valid("json").codes,
      outbox,
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json({ results: results.map((result) => ({ ...result, code: withImage(result.code) })) }, 200);
  })
  .route("/", codeStatusRoutes)
  .route("/", codeRelianceRoutes)
  .route("/", codeSealRoutes)
  .route("/", codeScanRoutes);
