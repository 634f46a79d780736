import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { healthAnswer, operatorHealthAnswer } from "#schema/responses/index.ts";
import { jobRuns, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "#schema/tables.ts";
import { type Account, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { runHourlyJobs } from "./fixtures/jobs";

/*
 * GET /api/health, as an uptime monitor reads it: 200 with each check while all hold, 503 in the
 * error shape, one line per check, when one does not. The hourly run is recorded (job_runs), so
 * health can say when it last ran.
 */

/** A webhook delivery of a fresh endpoint of the owner's firm, in the state the test needs. */
async function plantDelivery(owner: Account, state: Partial<typeof webhookDeliveries.$inferInsert>) {
  return withDb(async (db) => {
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        publicId: unique("ep"),
        companyId: owner.user.companyId!,
        url: "https://hooks.example.com/valuseal",
        secret: "not-used",
        eventTypes: ["code.issued"],
      })
      .returning({ id: webhookEndpoints.id });
    const [event] = await db
      .insert(webhookEvents)
      .values({ publicId: unique("msg_health"), companyId: owner.user.companyId!, type: "code.issued", data: {} })
      .returning({ id: webhookEvents.id });
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({ eventId: event!.id, endpointId: endpoint!.id, ...state })
      .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
    return delivery!;
  });
}

describe("GET /api/health", () => {
  it("answers every check once the hourly jobs have run, and 503 naming a stuck webhook queue", async () => {
    await runHourlyJobs();
    const healthy = await api("/api/health");
    expect(healthy.status, JSON.stringify(healthy.body)).toBe(200);
    expect(healthy.headers.get("Cache-Control")).toBe("no-store");
    const body = healthAnswer.parse(healthy.body);
    expect(body.hourlyJobs).toMatchObject({ ok: true, detail: expect.stringMatching(/^Last run \d+ minutes ago$/) });
    expect(body.database.ok).toBe(true);
    expect(body.signingKey.detail).toMatch(/^Key \S+ loaded$/);
    expect(JSON.stringify(body)).not.toMatch(/@|password|secret/i);

    // A delivery queued 20 minutes ago and never tried: the webhooks queue's consumer has stopped.
    const owner = await registerOwnerViaServices();
    const delivery = await plantDelivery(owner, {
      queuedAt: new Date(Date.now() - 20 * 60_000),
    });
    try {
      const stuck = await api("/api/health");
      expect(stuck.status).toBe(503);
      expect(stuck.body.message).toBe("ValuSeal is not healthy");
      expect(stuck.body.errors).toContainEqual(
        expect.stringMatching(/^webhookQueue: failing: \d+ deliveries queued over 15 minutes ago and never tried/),
      );
      expect(stuck.body.errors).toContainEqual(expect.stringMatching(/^hourlyJobs: ok: Last run/));
    } finally {
      await withDb((db) =>
        db.update(webhookDeliveries).set({ outcome: "failed" }).where(eq(webhookDeliveries.id, delivery.id)),
      );
    }
  });

  it("reports receivers failing together, without answering 503 for a customer's outage", async () => {
    await runHourlyJobs();
    const owner = await registerOwnerViaServices();
    const delivery = await plantDelivery(owner, { outcome: "failed", attempts: 6 });
    await withDb((db) =>
      db.insert(webhookAttempts).values(
        Array.from({ length: 6 }, (_, index) => ({
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          attempt: index + 1,
          trigger: "automatic" as const,
          statusCode: 502,
          failure: "receiver-error" as const,
        })),
      ),
    );
    const answer = await api("/api/health");
    expect(answer.status).toBe(200);
    expect(healthAnswer.parse(answer.body).webhookFailures).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^\d+ of \d+ attempts failed in the last 15 minutes \(\d+ %\)$/),
    });
  });

  it("shows an administrator the same checks, whatever they say, with the runs that failed", async () => {
    const admin = await createAdminViaDb();
    await withDb((db) =>
      db.insert(jobRuns).values({
        job: "hourly",
        startedAt: new Date(Date.now() - 3 * 60 * 60_000),
        finishedAt: new Date(Date.now() - 3 * 60 * 60_000 + 5_000),
        outcome: "failed",
        failures: [{ task: "webhook sweep", error: "Error: connection reset" }],
      }),
    );
    const answer = await api("/api/admin/health", { token: admin.token });
    expect(answer.status).toBe(200);
    const card = operatorHealthAnswer.parse(answer.body);
    expect(card.health.database.ok).toBe(true);
    expect(card.failedRuns).toContainEqual(
      expect.objectContaining({
        job: "hourly",
        failures: [{ task: "webhook sweep", error: "Error: connection reset" }],
      }),
    );
    expect((await api("/api/admin/health", { token: (await registerOwnerViaServices()).token })).status).toBe(403);
  });

  it("records each hourly run with its outcome", async () => {
    await runHourlyJobs();
    const [latest] = await withDb(
      async (db) =>
        (
          (await db.execute(
            sql`SELECT outcome, finished_at IS NOT NULL AS finished, failures FROM job_runs
              WHERE job = 'hourly' ORDER BY started_at DESC LIMIT 1`,
          )) as any
        ).rows,
    );
    expect(latest).toEqual({ outcome: "succeeded", finished: true, failures: null });
  });
});
