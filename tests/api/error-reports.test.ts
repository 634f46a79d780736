import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { Bindings } from "#worker/bindings.ts";
import exported from "#worker/index.ts";
import type { ReceivedSentryEvent } from "#scripts/lib/sentry-receiver.ts";
import type {} from "../support/sentry-receiver-global-setup";
import { ORIGIN, randomIp } from "./fixtures/http";

/** The Worker's handlers as the platform calls them, with their execution context. */
const worker = exported as ExportedHandler<Bindings>;

/*
 * Unexpected errors reach Sentry (worker/lib/error-reports.ts) when SENTRY_DSN is set: here a
 * local receiver speaking Sentry's envelope protocol (scripts/lib/sentry-receiver.ts) stands in
 * for it. The Worker is called through its exported handlers, as the platform calls it.
 */

/** The SDK keeps one client per isolate; each test starts as a fresh isolate would. */
const forgetSentryClient = () => delete (globalThis as Record<string, unknown>).__SENTRY_CLOUDFLARE_CLIENT__;
afterEach(forgetSentryClient);

/** A deployment whose JWT_SECRET is too short: every API request fails with a configuration error. */
const misconfigured = (): Bindings => ({ ...(env as Bindings), SENTRY_DSN: inject("sentryDsn"), JWT_SECRET: "short" });

async function eventsReceived(match: (event: ReceivedSentryEvent) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = (await (await fetch(`${inject("sentryReceiverUrl")}/events`)).json()) as ReceivedSentryEvent[];
    const found = events.filter(match);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("error reports", () => {
  it("sends a request's unexpected error once, tagged with its request id, with nothing personal", async () => {
    forgetSentryClient();
    const ctx = createExecutionContext();
    const response = await worker.fetch!(
      new Request(`${ORIGIN}/api/auth/user?email=someone%40example.com`, {
        headers: {
          Authorization: "Bearer a-session-token-never-sent",
          Cookie: "session=a-cookie-never-sent",
          "CF-Connecting-IP": randomIp(),
          "User-Agent": "Mozilla/5.0 (Linux; Android 14) a-phone-never-sent",
        },
      }) as Request<unknown, IncomingRequestCfProperties>,
      misconfigured(),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: "internal_error",
      message: "The service is not configured correctly",
    });
    const requestId = response.headers.get("X-Request-Id")!;

    const events = await eventsReceived((received) => received.event.tags?.request_id === requestId);
    expect(events).toHaveLength(1);
    const [{ event, envelope }] = events as [ReceivedSentryEvent];
    expect(event.exception?.values?.[0]).toMatchObject({
      type: "ConfigError",
      value: expect.stringContaining("JWT_SECRET must be at least 32 characters"),
      mechanism: { handled: false },
    });
    expect(event.request).toEqual({ method: "GET", url: `${ORIGIN}/api/auth/user` });
    expect(event.user).toBeUndefined();
    for (const secret of ["someone", "a-session-token-never-sent", "a-cookie-never-sent", "a-phone-never-sent"]) {
      expect(envelope).not.toContain(secret);
    }
  });

  it("sends a scheduled run's failure, which the platform still sees as failed", async () => {
    forgetSentryClient();
    const ctx = createExecutionContext();
    const scheduledTime = Date.now();
    await expect(
      worker.scheduled!(createScheduledController({ scheduledTime, cron: "0 * * * *" }), misconfigured(), ctx),
    ).rejects.toThrow(/JWT_SECRET/);
    await waitOnExecutionContext(ctx);
    const events = await eventsReceived(
      (received) =>
        received.event.exception?.values?.[0]?.mechanism?.type === "auto.faas.cloudflare.scheduled" &&
        /JWT_SECRET/.test(received.event.exception.values[0].value ?? ""),
    );
    expect(events.length).toBeGreaterThanOrEqual(1);
  });
});
