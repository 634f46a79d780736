/** The short path a printed code points at: /v/<token>. Served by the Worker before the SPA. */
const SCAN_PATH_PREFIX = "/v/";
export const DEMO_TOKEN = "demo";

export function verificationAddress(origin: string, token: string): string {
  return `${origin}${SCAN_PATH_PREFIX}${token}`;
}
