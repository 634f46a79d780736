import type { Database, TransactionalDatabase } from "./db";
import type { Config } from "./config";
import type { Bindings } from "./bindings";
import type { ApiKeyCaller } from "./services/integration/api-keys";
import type { AuthenticatedUser, SessionClaims } from "./services/accounts/sessions";

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    /** This request's id (worker/middleware/request-log.ts): answered as X-Request-Id and logged. */
    requestId: string;
    config: Config;
    db: Database;
    /** The WebSocket pool, opened on first call: only for interactive transactions. */
    transactional: () => TransactionalDatabase;
    user: AuthenticatedUser;
    /** The bearer token's claims (requireSessionToken); the session itself is checked with the route's query. */
    claims: SessionClaims;
    /** The integration API's caller (requireApiKeyScope). */
    apiKey: ApiKeyCaller;
  };
}
