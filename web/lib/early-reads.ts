/**
 * API reads the page's inline guard (web/landing-guard.ts) starts as the page arrives, when a
 * session is kept: the signed-in user and what the screen at this address reads first
 * (firstReadsAt, web/app/screen-paths.ts). On a slow link they are answered while the app's script
 * is still on its way, instead of being asked for only once that script has run (issue 51,
 * decisions 076 and 078). The app's one API client (web/lib/api-client.ts) takes each answer once,
 * for a GET of the same address with the same token; the first change the app asks for drops those
 * not yet taken, since they were read before it. Any later read asks the server itself. No imports:
 * the guard bundles this module.
 */
interface EarlyReads {
  token: string;
  /** By address, path and query as the API client writes them ("/api/watches?page=1"). */
  answers: Map<string, Promise<Response>>;
}

const holder = globalThis as typeof globalThis & { valusealEarlyReads?: EarlyReads };

/** Asks for each address now with the kept token; the app takes the answers when it runs. */
export function startEarlyReads(token: string, addresses: string[]) {
  const answers = new Map<string, Promise<Response>>();
  for (const address of addresses) {
    const answer = fetch(address, { headers: { Authorization: `Bearer ${token}` } });
    // A failure is the app's to see when it takes the answer (and then it asks again).
    answer.catch(() => {});
    answers.set(address, answer);
  }
  holder.valusealEarlyReads = { token, answers };
}

/** The early answer for `address` read with `token`, once; null when there is none. */
export function takeEarlyRead(token: string, address: string): Promise<Response> | null {
  const early = holder.valusealEarlyReads;
  if (!early || early.token !== token) return null;
  const answer = early.answers.get(address) ?? null;
  early.answers.delete(address);
  return answer;
}

/** The app is about to change something: answers read before it are no longer current. */
export function dropEarlyReads() {
  delete holder.valusealEarlyReads;
}
