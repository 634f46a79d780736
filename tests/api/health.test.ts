import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { healthAnswer, operatorHealthAnswer } from "#schema/responses/index.ts";
import {
  jobRuns,
  operatorAlerts,
  undeliveredEmails,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { deliverEmails, MAX_EMAIL_ATTEMPTS } from "#worker/services/email/email-delivery.ts";
import { waitForEmails } from "../shared/inbox";
import { type Account, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { runFiveMinuteJobs, runHourlyJobs } from "./fixtures/jobs";

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

/** Six failed attempts in the last minutes: receivers failing together. */
async function plantFailingAttempts(owner: Account) {
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
}

/** The emails queue's consumer, as production runs it, on one message at its `attempts`, with SMTP refusing. */
async function deliverWithSmtpDown(message: EmailMessage, attempts: number) {
  const batch = createMessageBatch<EmailMessage>("emails", [
    { id: unique("email"), timestamp: new Date(), attempts, body: message },
  ]);
  // Port 1 on loopback: nothing listens, so every connection is refused at once.
  await deliverEmails(batch, { ...(env as Bindings), SMTP_HOST: "127.0.0.1", SMTP_PORT: "1" });
  return getQueueResult(batch, createExecutionContext());
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
    await plantFailingAttempts(await registerOwnerViaServices());
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

describe("emails the queue gives up on", () => {
  it("are retried until the last attempt, then recorded for the System health card instead of dropped", async () => {
    const recipient = `${unique("reset")}@example.com`;
    const message: EmailMessage = { kind: "password-reset", to: recipient, token: "a-reset-token-never-stored" };
    const early = await deliverWithSmtpDown(message, 3);
    expect(early.retryMessages).toHaveLength(1);
    expect(early.explicitAcks).toHaveLength(0);

    const last = await deliverWithSmtpDown(message, MAX_EMAIL_ATTEMPTS);
    expect(last.retryMessages).toHaveLength(0);
    expect(last.explicitAcks).toHaveLength(1);
    const rows = await withDb((db) =>
      db.select().from(undeliveredEmails).where(eq(undeliveredEmails.recipient, recipient)),
    );
    expect(rows).toEqual([expect.objectContaining({ kind: "password-reset", attempts: MAX_EMAIL_ATTEMPTS })]);
    expect(rows[0]!.error).toMatch(/refused|connect/i);
    expect(JSON.stringify(rows)).not.toContain("a-reset-token-never-stored");

    const admin = await createAdminViaDb();
    const card = operatorHealthAnswer.parse((await api("/api/admin/health", { token: admin.token })).body);
    expect(card.undeliveredEmails).toContainEqual(
      expect.objectContaining({ kind: "password-reset", recipient, error: rows[0]!.error }),
    );
  });
});

describe("operator alerts", () => {
  it("emails every administrator what needs a person, each kind at most once an hour", async () => {
    const admin = await createAdminViaDb();
    await withDb((db) => db.delete(operatorAlerts));
    await plantFailingAttempts(await registerOwnerViaServices());
    await deliverWithSmtpDown({ kind: "account-exists", to: `${unique("lost")}@example.com` }, MAX_EMAIL_ATTEMPTS);

    await runFiveMinuteJobs();
    const [alert] = await waitForEmails(admin.email, (email) => email.subject.includes("need attention"));
    expect(alert!.subject).toMatch(/^ValuSeal: \d+ problems need attention$/);
    expect(alert!.text).toMatch(/\d+ of \d+ attempts failed in the last 15 minutes \(\d+ %\)\./);
    expect(alert!.text).toMatch(
      /\d+ emails? (was|were) given up on after every retry in the last hour \([a-z-, ]*account-exists/,
    );
    const sent = await withDb((db) => db.select().from(operatorAlerts));
    expect(sent.map(({ kind }) => kind)).toEqual(expect.arrayContaining(["webhook-failures", "emails-undelivered"]));

    // Found again five minutes later: still the same problems, not emailed again within the hour.
    // Only this test's kinds are compared: a test running beside it may issue the log's first
    // entry meanwhile, which rightly raises the "checkpoint" kind for the first time.
    await runFiveMinuteJobs();
    const after = await withDb((db) => db.select().from(operatorAlerts));
    const sentAtOf = (rows: typeof sent) =>
      rows
        .filter(({ kind }) => kind === "webhook-failures" || kind === "emails-undelivered")
        .map(({ kind, sentAt }) => [kind, sentAt.getTime()])
        .sort();
    expect(sentAtOf(after)).toEqual(sentAtOf(sent));
    expect(sentAtOf(after)).toHaveLength(2);

    // An hour on, a problem that lasts is emailed again.
    await withDb((db) => db.update(operatorAlerts).set({ sentAt: sql`now() - interval '61 minutes'` }));
    await runFiveMinuteJobs();
    await waitForEmails(admin.email, (email) => email.subject.includes("need attention"), { count: 2 });
    const card = operatorHealthAnswer.parse((await api("/api/admin/health", { token: admin.token })).body);
    expect(card.lastAlerts.map(({ kind }) => kind)).toContain("webhook-failures");
    expect(card.failedRuns.filter(({ job }) => job === "alerts")).toEqual([]);
  });
});
