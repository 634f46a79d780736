import { OpenAPIHono } from "@hono/zod-openapi";
import { API_KEY_SCOPE_DESCRIPTIONS, ERROR_CODES } from "#schema/api-v1.ts";
import { API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE } from "#schema/limits/integration.ts";
import type { AppEnv } from "#worker/env.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";
import { v1BillingRoutes } from "./billing";
import { v1CodeRoutes } from "./codes";
import { v1ExportRoutes } from "./exports";
import { v1RelianceRoutes } from "./reliances";
import { v1ValuerRoutes } from "./valuers";
import { v1WatchRoutes } from "./watches";
import { v1WebhookRoutes } from "./webhooks";

const scopes = Object.entries(API_KEY_SCOPE_DESCRIPTIONS)
  .map(([scope, description]) => `- \`${scope}\`: ${description}`)
  .join("\n");

const DESCRIPTION = `The ValuSeal integration API: a valuation firm's software issues verification codes, reads them and their scans, and revokes them; a lender's checks valuations, records its loans' reliance on them and follows the ones it watches.

Authenticate with an API key that the organisation's owner makes in Settings → Developers → API Keys: send \`Authorization: Bearer ${API_KEY_PREFIX}…\`. A key acts for its company only, with the permissions it was given:

${scopes}

**Limits.** Each key may make ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, and each network (an IPv4 address, an IPv6 /64) 1,200; CSV exports are limited to 10 a minute per company. Every answer to a valid key carries \`RateLimit-Limit\` and \`RateLimit-Policy\` (\`${API_KEY_REQUESTS_PER_MINUTE};w=60\`); past the key's budget the answer is 429 \`rate_limited\` with \`RateLimit-Remaining: 0\`, \`RateLimit-Reset\` and \`Retry-After\` (seconds). Batches count as one request.

Every error is \`{ "code": "…", "message": "…", "errors"?: ["field: problem"] }\`: branch on \`code\` (${ERROR_CODES.map((code) => `\`${code}\``).join(", ")}), which stays the same across releases; \`message\` is for people.`;

/**
 * The integration API (/api/v1), for firms' own software. Every route is defined with its request
 * and answer schemas (schema/api-v1.ts and the shared input schemas), and the OpenAPI document at
 * /api/v1/openapi.json is generated from those same definitions.
 */
export const v1Routes = new OpenAPIHono<AppEnv>()
  .route("/codes", v1CodeRoutes)
  .route("/valuers", v1ValuerRoutes)
  .route("/billing", v1BillingRoutes)
  .route("/exports", v1ExportRoutes)
  .route("/webhooks", v1WebhookRoutes)
  .route("/reliances", v1RelianceRoutes)
  .route("/watches", v1WatchRoutes);

v1Routes.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
  type: "http",
  scheme: "bearer",
  description: `An API key from Settings → Developers → API Keys (${API_KEY_PREFIX}…)`,
});

/** The document's heading; served with the deployment's own address as its server. */
export const V1_DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "ValuSeal API", version: "1", description: DESCRIPTION },
} as const;

v1Routes.doc31("/openapi.json", (c) => ({ ...V1_DOCUMENT, servers: [{ url: `${publicOrigin(c)}/api/v1` }] }));
