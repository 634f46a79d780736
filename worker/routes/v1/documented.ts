import { z } from "@hono/zod-openapi";
import { errorBodySchema } from "#schema/api-v1.ts";
import { API_KEY_REQUESTS_PER_MINUTE } from "#schema/limits/integration.ts";
import { jsonAnswer } from "../contract";

/** What the integration API's routes share in the document: answers, errors and the key scheme. */

/** The errors any route with an API key can answer. */
export const KEY_ERRORS = {
  400: jsonAnswer(errorBodySchema, "The request is not valid: `errors` names each field"),
  401: jsonAnswer(errorBodySchema, "No API key, or a key that is revoked, expired or mistyped"),
  403: jsonAnswer(errorBodySchema, "The key lacks the permission this route needs, or the company is deactivated"),
  429: {
    ...jsonAnswer(
      errorBodySchema,
      `Too many requests for this key (${API_KEY_REQUESTS_PER_MINUTE} a minute) or from this network`,
    ),
    headers: z.object({
      "Retry-After": z.string().meta({ description: "Seconds to wait", example: "60" }),
      "RateLimit-Remaining": z.string().optional().meta({ description: "0: the key's budget is spent", example: "0" }),
      "RateLimit-Reset": z.string().optional().meta({ description: "Seconds until it is renewed", example: "60" }),
    }),
  },
  503: jsonAnswer(errorBodySchema, "The service cannot take the request now; try again shortly"),
};

export const CODE_NOT_FOUND_ERROR = {
  404: jsonAnswer(errorBodySchema, "No code of your company has the id in the path"),
};

/** Every route needs an API key (registered as the `apiKey` security scheme in worker/routes/v1). */
export const KEY_SECURITY = [{ apiKey: [] }];
