import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scanEvents } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { queueEmailsNow } from "#worker/services/email/email.ts";
import { SCAN_ALERT_EMAILS_PER_HOUR, sendScanAlertDigests } from "#worker/services/scans/scan-alert-emails.ts";
import { emailsTo, waitForEmails } from "../shared/inbox";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode, verificationCount } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { countOf, inBatches, inSubnet, newSubnet } from "./fixtures/networks";
import { scanEventsOf, scanLikePhone } from "./fixtures/scans";

/**
 * A code's alert emails past a few an hour (docs/decisions/026): the first 3 counted scans of a
 * code in a UTC hour get an email each, the rest one email when the hour ends (the hourly cron).
 */

const HOUR_MS = 60 * 60 * 1000;
/** Scans of one code in one hour from one /64, each with a new browser: past the alert emails' cap. */
const BURST = 20;
/** The queue delivers within seconds; a machine busy with other tests may take longer. */
const EMAIL_WAIT_MS = 60_000;

const choosePerScanAlerts = async (token: string) => {
  const chosen = await api("/api/companies/current/scan-alerts", { method: "PUT", token, body: { mode: "per-scan" } });
  expect(chosen.body.scanAlertMode).toBe("per-scan");
};

/**
 * Runs `work` inside one UTC hour: the alert cap counts a code's scans per clock hour, so a burst
 * that straddled the hour would be two smaller bursts. Waits for the next hour when less than
 * `expectedMs` is left of this one.
 */
async function inOneClockHour<T>(expectedMs: number, work: () => Promise<T>): Promise<T> {
  const remaining = HOUR_MS - (Date.now() % HOUR_MS);
  if (remaining < expectedMs) await new Promise((resolve) => setTimeout(resolve, remaining + 250));
  const hour = Math.floor(Date.now() / HOUR_MS);
  const result = await work();
  if (Math.floor(Date.now() / HOUR_MS) !== hour) throw new Error("the burst crossed an hour: run the test again");
  return result;
}

/** Runs the Worker's hourly cron as Cloudflare would at `time`. */
async function runCron(time: Date) {
  await worker.scheduled(
    createScheduledController({ scheduledTime: time, cron: "0 * * * *" }),
    env as Bindings,
    createExecutionContext(),
  );
}

const isAlert = (email: { subject: string }) => email.subject.includes("was scanned");
const isAlertDigest = (email: { subject: string }) => email.subject.includes("in the last hour");

describe("a code's alert emails past a few an hour", () => {
  it("emails the first 3 scans of the hour and folds the rest into one digest when the hour ends", async () => {
    const owner = await registerOwnerViaServices();
    await choosePerScanAlerts(owner.token);
    const label = `${unique("Burst House")}, Upper Hill`;
    const code = await insertCode(owner, { propertyAddress: label });
    // A new /64 for every scan: each one is a new visitor, so each counts.
    const scan = () => scanLikePhone(code.publicToken, { ip: inSubnet(newSubnet()) });
    const answers = await inOneClockHour(60_000, async () => {
      // The first scans one after another, so which of them came first is not a tie.
      const first = await inBatches(SCAN_ALERT_EMAILS_PER_HOUR + 1, scan, 1);
      return [...first, ...(await inBatches(BURST - first.length, scan))];
    });
    expect(countOf(answers, 200)).toBe(BURST);
    expect(await verificationCount(code.id)).toBe(BURST);

    // One email for each of the first 3 scans, and no more while the hour lasts.
    const alerts = await waitForEmails(owner.email, isAlert, {
      count: SCAN_ALERT_EMAILS_PER_HOUR,
      timeoutMs: EMAIL_WAIT_MS,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await emailsTo(owner.email)).filter(isAlert)).toHaveLength(SCAN_ALERT_EMAILS_PER_HOUR);
    expect(alerts[0]!.text).toContain(label);

    // The cron at the end of the hour sends the rest as one email.
    const scanned = (await scanEventsOf(code.id))[0]!.scannedAt.getTime();
    const hourEnd = new Date(Math.floor(scanned / HOUR_MS) * HOUR_MS + HOUR_MS);
    await runCron(hourEnd);
    const [digest] = await waitForEmails(owner.email, isAlertDigest, { timeoutMs: EMAIL_WAIT_MS });
    const more = BURST - SCAN_ALERT_EMAILS_PER_HOUR;
    expect(digest!.subject).toBe(`ValuSeal: ${more} more scans of ${label} in the last hour`);
    expect(digest!.text).toContain(`${more} more scans of ${label}, a code of ${owner.user.company!.name}`);
    expect(digest!.text).toContain(`first ${SCAN_ALERT_EMAILS_PER_HOUR} scans of this code`);
    expect(digest!.text).toContain(`/qr/${code.id}`);
    // The same run made again (as Cloudflare may repeat a run) sends no second digest.
    await runCron(hourEnd);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await emailsTo(owner.email)).filter(isAlertDigest)).toHaveLength(1);
    // The scan log keeps every scan.
    expect((await scanEventsOf(code.id)).filter((event) => event.counted)).toHaveLength(BURST);
  }, 180_000);

  it("sends no digest for a code scanned no more than that in the hour", async () => {
    const owner = await registerOwnerViaServices();
    await choosePerScanAlerts(owner.token);
    const code = await insertCode(owner);
    await inOneClockHour(30_000, async () => {
      for (let scan = 0; scan < SCAN_ALERT_EMAILS_PER_HOUR; scan += 1) await scanLikePhone(code.publicToken);
    });
    await waitForEmails(owner.email, isAlert, { count: SCAN_ALERT_EMAILS_PER_HOUR, timeoutMs: EMAIL_WAIT_MS });
    await runCron(new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await emailsTo(owner.email)).filter(isAlertDigest)).toEqual([]);
  }, 120_000);

  it("gives the hour back when the queue refuses its digests, and the next hour's run sends them", async () => {
    const owner = await registerOwnerViaServices();
    await choosePerScanAlerts(owner.token);
    const label = `${unique("Refused House")}, Lavington`;
    const code = await insertCode(owner, { propertyAddress: label });
    // An hour years away, which no other test's cron run covers: 5 counted scans in it.
    const hourEnd = new Date(Date.UTC(2033, 2, 14, 11));
    await withDb((db) =>
      db.insert(scanEvents).values(
        Array.from({ length: 5 }, (_, index) => ({
          qrCodeId: code.id,
          companyId: code.companyId,
          deviceClass: "mobile",
          counted: true,
          scannedAt: new Date(hourEnd.getTime() - HOUR_MS + (index + 1) * 60_000),
        })),
      ),
    );
    const runAt = (time: Date, queue: (digests: EmailMessage[]) => Promise<void>) =>
      withDb((db) => sendScanAlertDigests(db, time, queue));
    const refused = () => Promise.reject(new Error("queue unavailable"));
    const toQueue = (digests: EmailMessage[]) => queueEmailsNow(env as Bindings, digests);

    await expect(runAt(hourEnd, refused)).rejects.toThrow("queue unavailable");
    // The next hourly run looks back over the hour its predecessor gave back.
    const nextHour = new Date(hourEnd.getTime() + HOUR_MS);
    expect(await runAt(nextHour, toQueue)).toBe(1);
    const [digest] = await waitForEmails(owner.email, isAlertDigest, { timeoutMs: EMAIL_WAIT_MS });
    expect(digest!.subject).toBe(`ValuSeal: 2 more scans of ${label} in the last hour`);
    expect(digest!.text).toContain("first 3 scans of this code");
    // Sent now: neither a repeat of that run nor the one after it sends the hour again.
    const queued: EmailMessage[] = [];
    const record = async (digests: EmailMessage[]) => void queued.push(...digests);
    expect(await runAt(nextHour, record)).toBe(0);
    expect(await runAt(new Date(nextHour.getTime() + HOUR_MS), record)).toBe(0);
    expect(queued).toEqual([]);
  }, 120_000);
});
