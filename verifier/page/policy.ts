/**
 * What the offline verifier page may do: run its own inline script and styles, and nothing that
 * reaches a network. Served as the /verifier response's header (with a sandbox, which only a header
 * can give), and written into the page as a <meta> by scripts/build-verifier.ts, so a copy saved
 * to disk and opened from a file keeps it: a saved page has no headers.
 */
export const OFFLINE_VERIFIER_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'none'; form-action 'none'; base-uri 'none'";
