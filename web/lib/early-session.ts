/**
 * The signed-in user's request, started by the page's inline guard (web/landing-guard.ts) as the
 * page arrives, when a session is kept: on a slow link it is answered while the app's script is
 * still on its way, instead of being asked for only once that script has run (issue 51, decision
 * 076). The app's session query (web/lib/session.ts) takes the answer once, for the token it was
 * asked with; any later read asks the server itself. No imports: the guard bundles this module.
 */
const EARLY_SESSION_PATH = "/api/auth/user";

interface EarlySession {
  token: string;
  response: Promise<Response>;
}

const holder = globalThis as typeof globalThis & { valusealEarlySession?: EarlySession };

/** Asks for the user with the kept token now; the app takes the answer when it runs. */
export function startEarlySession(token: string) {
  const response = fetch(EARLY_SESSION_PATH, { headers: { Authorization: `Bearer ${token}` } });
  // A failure is the app's to see when it takes the answer (and then it asks again).
  response.catch(() => {});
  holder.valusealEarlySession = { token, response };
}

/** The guard's answer for `token`, once; null when there is none (or it was asked with another token). */
export function takeEarlySession(token: string): Promise<Response> | null {
  const early = holder.valusealEarlySession;
  delete holder.valusealEarlySession;
  return early && early.token === token ? early.response : null;
}
