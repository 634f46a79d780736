import { createRoute, z } from "@hono/zod-openapi";
import { dataRequestAnswer } from "#schema/responses/index.ts";
import { dataRequestUpdateSchema, newDataRequestSchema } from "#schema/validation/privacy.ts";
import { parseId } from "#worker/lib/validation.ts";
import { listDataRequests, recordDataRequest, updateDataRequest } from "#worker/services/privacy/data-requests.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";

const REQUEST_NOT_FOUND = "Request not found";

const listRequests = createRoute({
  method: "get",
  path: "/",
  responses: {
    200: jsonAnswer(z.array(dataRequestAnswer), "Open requests soonest due first, then answered ones newest first"),
  },
});

const recordRequest = createRoute({
  method: "post",
  path: "/",
  request: jsonBody(newDataRequestSchema),
  responses: { 201: jsonAnswer(dataRequestAnswer, "The request, with its due day by the law's days") },
});

const updateRequest = createRoute({
  method: "patch",
  path: "/{id}",
  request: { params: rowIdParam, ...jsonBody(dataRequestUpdateSchema) },
  responses: { 200: jsonAnswer(dataRequestAnswer, "The request as changed") },
});

/**
 * /api/admin/data-requests: requests about personal data from people who are not users (a valuer
 * named on certificates, a scanner), each with its deadline, what was done and the answer sent.
 */
export const adminDataRequestRoutes = documentedRoutes()
  .openapi(listRequests, async (c) => c.json(await listDataRequests(c.var.db), 200))
  .openapi(recordRequest, async (c) =>
    c.json(await recordDataRequest(c.var.transactional(), c.var.user, c.req.valid("json")), 201),
  )
  .openapi(updateRequest, async (c) =>
    c.json(
      await updateDataRequest(
        c.var.transactional(),
        c.var.user,
        parseId(c.req.valid("param").id, REQUEST_NOT_FOUND),
        c.req.valid("json"),
      ),
      200,
    ),
  );
