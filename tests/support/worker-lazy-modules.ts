/*
 * The Worker loads some packages on first use (decision 068: pdf-lib for receipts, the Stripe SDK,
 * the passkey library). Under the test pool a module's first load is fetched through the test
 * runner; when that first load happens inside a queue consumer (a receipt email sent by the emails
 * queue), it runs in another Durable Object's context, cannot reach the runner, and hangs the whole
 * run after its last file. Loading them here, in the runner, before each file's tests makes every
 * later import a cached one.
 */
await Promise.all([import("@cantoo/pdf-lib"), import("stripe"), import("@simplewebauthn/server")]);
export {};
