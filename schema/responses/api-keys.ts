import type { ApiKeyScope } from "../limits";

/** A key as its company's owner sees it (GET /api/api-keys): never the key itself. */
export interface ApiKeySummary {
  /** Random; names the key in DELETE /api/api-keys/:id. */
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's last four characters, shown as vsk_live_…abcd. */
  lastFour: string;
  createdAt: Date;
  /** Null: the key does not expire. */
  expiresAt: Date | null;
  /** Null: never used. Written at most once a minute. */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Who made it (their email), for a firm with several owners over time. */
  createdBy: string;
}

/** The answer of POST /api/api-keys: the only time the key itself is ever shown. */
export interface CreatedApiKey {
  apiKey: ApiKeySummary;
  key: string;
}
