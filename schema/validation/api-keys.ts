import { z } from "zod";
import { LIMITS } from "../limits";
import { API_KEY_LIFETIMES, API_KEY_SCOPES } from "../limits/integration";
import { currentPasswordField, requiredText } from "./common";

const API_KEY_NAME_REQUIRED = "Name the key after what will use it";
const API_KEY_SCOPES_REQUIRED = "Choose at least one permission";

/** Settings → API keys → New key. */
export const createApiKeySchema = z.object({
  name: requiredText(LIMITS.apiKeyName, API_KEY_NAME_REQUIRED),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "Unknown permission" }), { error: API_KEY_SCOPES_REQUIRED })
    .min(1, API_KEY_SCOPES_REQUIRED)
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
  lifetime: z.enum(API_KEY_LIFETIMES, { error: "Choose when the key expires" }),
  /** A key outlives sessions and password changes: the owner proves it is them, as for a new company email. */
  currentPassword: currentPasswordField,
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
