import { createRoute, z } from "@hono/zod-openapi";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import {
  v1CodeBatchResultSchema,
  v1CodePageSchema,
  v1CodeScansSchema,
  v1CodeWithImageSchema,
  errorBodySchema,
  v1RevokeSchema,
} from "#schema/api-v1.ts";
import { CODE_NOT_FOUND_ERROR, KEY_ERRORS, KEY_SECURITY } from "./documented";
import { documentedRoutes, jsonAnswer } from "../contract";
import { idempotencyHeadersSchema } from "#schema/validation/idempotency.ts";
import {
  CODE_BATCH_MAX,
  qrCodeListQuerySchema,
  strictCodeBatchSchema,
  strictCreateQrCodeSchema,
} from "#schema/validation/qr-codes.ts";
import { renderQrSvg } from "#worker/lib/qr.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import { ApiError, badRequest } from "#worker/lib/errors.ts";
import { assertKeyCompanyActive, keyCompanyId, requireApiKeyScope } from "#worker/middleware/api-key.ts";
import { CHOOSE_ANOTHER_CODE, revokeCode } from "#worker/services/codes/code-status.ts";
import { issueCode } from "#worker/services/codes/code-issuing.ts";
import { issueCodeBatch } from "#worker/services/codes/code-batches.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { ReferenceTaken } from "#worker/services/codes/qr-codes.ts";
import { loadCodeScans } from "#worker/services/scans/scans.ts";
import {
  codeIdByToken,
  codeIdForToken,
  toV1Code,
  v1Code,
  v1CodePage,
  withSuccessorTokens,
} from "#worker/services/codes/v1-codes.ts";

const codeIdParam = z.object({
  id: z.string().meta({ param: { name: "id", in: "path" }, example: "k3J9x2LmQp7Rt5Vw" }),
});

/** The code with its QR image, as the single-code answers give it. */
const withImage = <Code extends { url: string }>(code: Code) => ({ ...code, qrCodeSvg: renderQrSvg(code.url).svg });

const listCodes = createRoute({
  method: "get",
  path: "/",
  tags: ["Codes"],
  summary: "List codes",
  description: "The company's codes, newest first, with the filters of the History screen.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:read")] as const,
  request: { query: qrCodeListQuerySchema.omit({ limit: true }) },
  responses: { 200: jsonAnswer(v1CodePageSchema, "One page of codes"), ...KEY_ERRORS },
});

const createCode = createRoute({
  method: "post",
  path: "/",
  tags: ["Codes"],
  summary: "Issue a code",
  description:
    "Issues a verification code for a report, signed by one of the firm's active valuers (GET /api/v1/valuers). " +
    "Send an Idempotency-Key (a UUID) to make a retry safe: the same key and body answer the first code again, " +
    "with Idempotent-Replayed: true.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:write")] as const,
  request: {
    headers: idempotencyHeadersSchema,
    body: {
      required: true,
      description: "The create form's fields; dates as YYYY-MM-DD (or DD/MM/YYYY), amounts as numbers or decimal text.",
      content: {
        "application/json": {
          schema: strictCreateQrCodeSchema,
          example: {
            propertyType: "Real Estate",
            propertyAddress: "Plot 12, Riverside Drive, Nairobi",
            propertyReference: "LR 209/1234",
            titleNumber: "Nairobi/Block 91/234",
            marketValue: "45000000",
            forcedSaleValue: "34000000",
            currency: "KES",
            valuationDate: "2026-11-20",
            inspectionDate: "2026-11-18",
            valuerId: 7,
            addressee: "Equity Bank Kenya",
            purpose: "Secured lending",
            externalReference: "JOB-2026-0142",
          },
        },
      },
    },
  },
  responses: {
    201: {
      ...jsonAnswer(v1CodeWithImageSchema, "The new code, or the first answer again for a repeated Idempotency-Key"),
      headers: z.object({
        "Idempotent-Replayed": z
          .literal("true")
          .optional()
          .meta({ description: "Present when this is the first answer to the same Idempotency-Key and body" }),
      }),
    },
    ...KEY_ERRORS,
    402: jsonAnswer(errorBodySchema, "The firm has no credit left to pay for the code (GET /api/v1/billing/balance)"),
    409: {
      ...jsonAnswer(
        errorBodySchema,
        "A code was already issued for this externalReference (Location names it), or a request with this " +
          "Idempotency-Key is still being processed",
      ),
      headers: z.object({
        Location: z.string().optional().meta({
          description: "The code already issued for the reference",
          example: "/api/v1/codes/k3J9x2LmQp7Rt5Vw",
        }),
      }),
    },
    422: jsonAnswer(errorBodySchema, "This Idempotency-Key was already used with a different request"),
  },
});

const createBatch = createRoute({
  method: "post",
  path: "/batch",
  tags: ["Codes"],
  summary: "Issue many codes",
  description:
    `Issues up to ${CODE_BATCH_MAX} codes in one transaction, each row as POST /api/v1/codes would and each with ` +
    "its externalReference (required here, once per batch). A row whose reference already has a code answers " +
    "that code with status existing, so a batch cut off part way is safe to send again; a row whose reference " +
    "has a code with other details is refused (409 reference_taken, naming the row and the fields that differ). " +
    "References are compared after Unicode NFKC folding (full-width ＪＯＢ-１ is JOB-1). If any row is not valid " +
    "nothing is issued, and `errors` names each row's fields (codes.<index>.<field>, counting from 0).",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:write")] as const,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: strictCodeBatchSchema,
          example: {
            codes: [
              {
                externalReference: "JOB-2026-0142",
                propertyType: "Real Estate",
                propertyAddress: "Plot 12, Riverside Drive, Nairobi",
                marketValue: "45000000",
                currency: "KES",
                valuationDate: "2026-11-20",
                valuerId: 7,
              },
              {
                externalReference: "JOB-2026-0143",
                propertyType: "Motor Vehicle",
                propertyReference: "KDA 123A",
                marketValue: "2400000",
                currency: "KES",
                valuationDate: "2026-11-21",
                valuerId: 7,
              },
            ],
          },
        },
      },
    },
  },
  responses: {
    200: jsonAnswer(v1CodeBatchResultSchema, "Each row's code, created or existing"),
    ...KEY_ERRORS,
    409: jsonAnswer(errorBodySchema, "A row's reference already has a code with other details: nothing was issued"),
  },
});

const getCode = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Codes"],
  summary: "Read a code",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:read")] as const,
  request: { params: codeIdParam },
  responses: { 200: jsonAnswer(v1CodeWithImageSchema, "The code"), ...KEY_ERRORS, ...CODE_NOT_FOUND_ERROR },
});

const revoke = createRoute({
  method: "post",
  path: "/{id}/revoke",
  tags: ["Codes"],
  summary: "Revoke a code",
  description:
    "From the next scan on, the certificate says Revoked with the reason; name the code that replaces it in " +
    "supersededBy. Allowed even for a deactivated company: withdrawing trust is never refused.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:revoke")] as const,
  request: {
    params: codeIdParam,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: v1RevokeSchema,
          example: { reason: "Replaced after a corrected land size", supersededBy: "Qw8Zt3Yp1Lm6Rx2N" },
        },
      },
    },
  },
  responses: {
    200: jsonAnswer(v1CodeWithImageSchema, "The revoked code"),
    ...KEY_ERRORS,
    ...CODE_NOT_FOUND_ERROR,
    409: jsonAnswer(errorBodySchema, "The code is already revoked"),
  },
});

const scans = createRoute({
  method: "get",
  path: "/{id}/scans",
  tags: ["Scans"],
  summary: "Read a code's scans",
  description: "The latest visits, counted scans per day over the last 30 days, and the number of unique scanners.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("scans:read")] as const,
  request: { params: codeIdParam },
  responses: { 200: jsonAnswer(v1CodeScansSchema, "The code's scans"), ...KEY_ERRORS, ...CODE_NOT_FOUND_ERROR },
});

/** /api/v1/codes: a company's codes for its own software, with an API key. */
export const v1CodeRoutes = documentedRoutes()
  .openapi(listCodes, async (c) => c.json(await v1CodePage(c.var.db, keyCompanyId(c), c.req.valid("query")), 200))
  .openapi(createCode, async (c) => {
    const caller = c.var.apiKey;
    assertKeyCompanyActive(caller);
    const input = c.req.valid("json");
    const signing = await recordSigning(c);
    const outbox = new Outbox();
    const issuer = { userId: caller.userId, companyId: caller.companyId };
    const answer = await issueCode(
      c.var.db,
      signing,
      outbox,
      {
        issuer,
        values: input,
        // Keyed by the owner, like the app's own requests: the key that sent it is part of the request,
        // so the same UUID from the app or from another key is refused (422), never answered with
        // another caller's code in another shape.
        request: {
          userId: caller.userId,
          key: c.req.valid("header")["idempotency-key"],
          input: { apiKey: caller.keyId, input },
        },
      },
      (code) => withImage(toV1Code(code, null)),
    ).catch((error: unknown) => {
      if (error instanceof ReferenceTaken) {
        const location = { Location: `/api/v1/codes/${error.publicToken}` };
        throw new ApiError(409, error.message, error.errors, location, error.code);
      }
      throw error;
    });
    queueOutboxAfterResponse(c, outbox);
    return c.json(answer.body, 201, answer.replayed ? { "Idempotent-Replayed": "true" } : undefined);
  })
  .openapi(createBatch, async (c) => {
    const caller = c.var.apiKey;
    assertKeyCompanyActive(caller);
    const outbox = new Outbox();
    const results = await issueCodeBatch(
      c.var.db,
      await recordSigning(c),
      { userId: caller.userId, companyId: caller.companyId },
      c.req.valid("json").codes,
      outbox,
    );
    queueOutboxAfterResponse(c, outbox);
    const codes = await withSuccessorTokens(
      c.var.db,
      results.map((result) => result.code),
    );
    return c.json(
      {
        results: results.map(({ externalReference, status }, index) => ({
          externalReference,
          status,
          code: withImage(codes[index]!),
        })),
      },
      200,
    );
  })
  .openapi(getCode, async (c) =>
    c.json(withImage(await v1Code(c.var.db, keyCompanyId(c), c.req.valid("param").id)), 200),
  )
  .openapi(revoke, async (c) => {
    const { db } = c.var;
    const companyId = keyCompanyId(c);
    const { id } = c.req.valid("param");
    const { reason, supersededBy } = c.req.valid("json");
    const codeId = await codeIdByToken(db, companyId, id);
    const successorId = supersededBy === undefined ? undefined : await codeIdForToken(db, companyId, supersededBy);
    if (successorId === null) throw badRequest("Validation failed", [`supersededBy: ${CHOOSE_ANOTHER_CODE}`]);
    const outbox = new Outbox();
    await revokeCode(
      c.var.transactional(),
      await recordSigning(c),
      outbox,
      { id: c.var.apiKey.userId, company: { ownerId: c.var.apiKey.userId } },
      companyId,
      String(codeId),
      { reason, supersededByCodeId: successorId },
      "supersededBy",
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(withImage(await v1Code(db, companyId, id)), 200);
  })
  .openapi(scans, async (c) => {
    const { db } = c.var;
    const codeId = await codeIdByToken(db, keyCompanyId(c), c.req.valid("param").id);
    const { scans: visits, daily, uniqueScanners } = await loadCodeScans(db, codeId);
    return c.json(
      { scans: visits.map((scan) => ({ ...scan, at: scan.at.toISOString() })), daily, uniqueScanners },
      200,
    );
  });
