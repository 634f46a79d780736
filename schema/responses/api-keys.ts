import { z } from "zod";
import { API_KEY_SCOPES } from "../limits/integration";
import { timestamp } from "./fields";

/** A key as its company's owner sees it (GET /api/api-keys): never the key itself. */
export const apiKeySummaryAnswer = z.strictObject({
  id: z.string().meta({ description: "Random; names the key in DELETE /api/api-keys/:id" }),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  lastFour: z.string().meta({ description: "The key's last four characters, shown as vsk_live_…abcd" }),
  createdAt: timestamp,
  expiresAt: timestamp.nullable().meta({ description: "Null: the key does not expire" }),
  lastUsedAt: timestamp.nullable().meta({ description: "Null: never used. Written at most once a minute" }),
  revokedAt: timestamp.nullable(),
  createdBy: z.string().meta({ description: "Who made it (their email), for a firm with several owners over time" }),
});
export type ApiKeySummary = z.infer<typeof apiKeySummaryAnswer>;

/** The answer of POST /api/api-keys: the only time the key itself is ever shown. */
export const createdApiKeyAnswer = z.strictObject({ apiKey: apiKeySummaryAnswer, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeyAnswer>;
