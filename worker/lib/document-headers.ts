/**
 * HTTPS only, for two years, on this host and every name under it: a browser that has seen it once
 * never asks for the app over plain http again, so no one on the network can serve it a page in
 * between. No `preload`: that asks browsers to ship the rule for the whole registrable domain, which
 * is the operator's decision, not this app's (docs/decisions/025-private-local-development.md). The
 * SPA's static files get the same value from public/_headers; browsers ignore it over http, so the
 * local dev server is unaffected.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * The security headers of every HTML document the Worker serves itself (the certificate and its
 * error pages, the check pages, the offline verifier, the API reference), around the document's
 * own Content-Security-Policy: HTTPS only, no type sniffing, no referrer, never framed. The SPA's
 * files get theirs from public/_headers, and /api's JSON from apiSecurityHeaders.
 */
export function documentHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy,
    "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
  };
}
