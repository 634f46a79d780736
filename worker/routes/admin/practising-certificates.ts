import { createRoute } from "@hono/zod-openapi";
import { PRACTISING_CERTIFICATE_TYPES } from "#schema/limits/register.ts";
import { messageAnswer, practisingCertificatesToReviewAnswer } from "#schema/responses/index.ts";
import { practisingCertificateReviewSchema } from "#schema/validation/register.ts";
import { parseId } from "#worker/lib/validation.ts";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { storedFileAnswer } from "#worker/request/uploaded-file.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import {
  certificatesToReview,
  practisingCertificateFile,
  PRACTISING_CERTIFICATE_NOT_FOUND,
  reviewPractisingCertificate,
} from "#worker/services/register/practising-certificates.ts";
import { documentedRoutes, fileContent, jsonAnswer, jsonBody, rowIdParam } from "../contract";

const listWaiting = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(practisingCertificatesToReviewAnswer, "Uploads waiting for review, oldest first") },
});

const readFile = createRoute({
  method: "get",
  path: "/{id}/file",
  request: { params: rowIdParam },
  responses: { 200: fileContent(PRACTISING_CERTIFICATE_TYPES, "The practising certificate as the firm uploaded it") },
});

const postReview = createRoute({
  method: "post",
  path: "/{id}/review",
  request: { params: rowIdParam, ...jsonBody(practisingCertificateReviewSchema) },
  responses: { 200: jsonAnswer(messageAnswer, "The review is recorded and the firm's owner emailed") },
});

/**
 * /api/admin/practising-certificates: valuers' practising certificates uploaded by their firms,
 * reviewed once by an administrator (decision 062).
 */
export const adminPractisingCertificateRoutes = documentedRoutes()
  .openapi(listWaiting, async (c) => c.json({ waiting: await certificatesToReview(c.var.db) }, 200))
  .openapi(readFile, async (c) => {
    const id = parseId(c.req.valid("param").id, PRACTISING_CERTIFICATE_NOT_FOUND);
    return storedFileAnswer(c, await practisingCertificateFile(c.var.db, c.env.EVIDENCE, id));
  })
  .openapi(postReview, async (c) => {
    const id = parseId(c.req.valid("param").id, PRACTISING_CERTIFICATE_NOT_FOUND);
    const outbox = new Outbox();
    const review = await reviewPractisingCertificate(
      c.var.transactional(),
      outbox,
      c.var.user,
      id,
      c.req.valid("json"),
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(
      {
        message: review.decision === "accepted" ? "Practising certificate accepted" : "Practising certificate rejected",
      },
      200,
    );
  });
