/*
 * The Worker loads some packages on first use (decision 068: the Stripe SDK, the passkey
 * library). Under the test pool a module's first load is fetched through the test runner; when
 * that first load happens inside a queue consumer, it runs in another Durable Object's context,
 * cannot reach the runner, and hangs the whole run after its last file (a receipt email's pdf-lib
 * did, before decision 074). Loading them here, in the runner, before each file's tests makes
 * every later import a cached one.
 */
await Promise.all([import("stripe"), import("@simplewebauthn/server")]);
export {};
