import createClient from "openapi-fetch";
import type { paths } from "./v1-types";

export type { components, paths } from "./v1-types";

/**
 * A typed client of the ValuSeal integration API (/api/v1), for a firm's or a bank's own
 * TypeScript: every path, parameter, body and answer is typed from the API's OpenAPI document, so
 * a misspelt field or a changed answer fails to compile rather than at run time. `fetch` may be
 * any fetch (a test's, a proxy's).
 *
 *   const valuseal = createValuSealClient({ origin: "https://valuseal.example", apiKey: process.env.VALUSEAL_API_KEY! });
 *   const { data, error } = await valuseal.POST("/codes", { body: { ... } });
 */
export function createValuSealClient(options: { origin: string; apiKey: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: `${options.origin}/api/v1`,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: options.fetch,
  });
}
