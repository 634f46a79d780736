import { createRoute, z } from "@hono/zod-openapi";
import { v1ValuerSchema } from "#schema/api-v1.ts";
import { KEY_ERRORS, KEY_SECURITY } from "./documented";
import { documentedRoutes, jsonAnswer } from "../contract";
import { keyCompanyId, requireApiKeyScope } from "#worker/middleware/api-key.ts";
import { signingValuers } from "#worker/services/codes/v1-codes.ts";

const listValuers = createRoute({
  method: "get",
  path: "/",
  tags: ["Codes"],
  summary: "List the valuers who can sign",
  description: "The firm's active valuers; pass one's id as valuerId when issuing a code.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:write")] as const,
  responses: { 200: jsonAnswer(z.array(v1ValuerSchema), "The valuers"), ...KEY_ERRORS },
});

/** /api/v1/valuers: who can sign a code issued through the API. */
export const v1ValuerRoutes = documentedRoutes().openapi(listValuers, async (c) =>
  c.json(await signingValuers(c.var.db, keyCompanyId(c)), 200),
);
