import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scanEvents } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import { emailsTo, waitForEmail, waitForEmails } from "../shared/inbox";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, ORIGIN } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { addMemberViaServices } from "./fixtures/team";

const HOUR_MS = 60 * 60 * 1000;

const chooseAlerts = (token: string, mode: string, timeZone?: string) =>
  api("/api/companies/current/scan-alerts", {
    method: "PUT",
    token,
    body: { mode, ...(timeZone ? { timeZone } : {}) },
  });

/** Runs the Worker's hourly cron as Cloudflare would at `time`. */
async function runCron(time: Date) {
  await worker.scheduled(
    createScheduledController({ scheduledTime: time, cron: "0 * * * *" }),
    env as Bindings,
    createExecutionContext(),
  );
}

describe("scan alerts by email", () => {
  it("emails the owner and the members who opted in, once per counted scan", async () => {
    const owner = await registerOwnerViaServices();
    const optedIn = await addMemberViaServices(owner);
    const quiet = await addMemberViaServices(owner);
    expect(
      (await api("/api/profile/scan-alerts", { method: "PUT", token: optedIn.token, body: { scanAlertEmails: true } }))
        .body.scanAlertEmails,
    ).toBe(true);
    const chosen = await chooseAlerts(owner.token, "per-scan");
    expect(chosen.body.scanAlertMode).toBe("per-scan");
    const code = await insertCode(owner, { propertyAddress: "12 Alert Lane, Kilimani" });

    await scanLikePhone(code.publicToken);
    const alert = await waitForEmail(owner.email, "was scanned");
    expect(alert.subject).toBe(`ValuSeal: a code of ${owner.user.company!.name} was scanned`);
    expect(alert.text).toContain("12 Alert Lane, Kilimani, scanned on a phone");
    expect(alert.text).toContain(`${ORIGIN}/qr/${code.id}`);
    await waitForEmail(optedIn.email, "was scanned");
    expect((await emailsTo(quiet.email)).filter((email) => email.subject.includes("was scanned"))).toEqual([]);

    await scanLikePhone(code.publicToken);
    await waitForEmails(owner.email, (email) => email.subject.includes("was scanned"), { count: 2 });
  });

  it("sends nothing when the company chose none (the default)", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await scanLikePhone(code.publicToken);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await emailsTo(owner.email)).filter((email) => email.subject.includes("scanned"))).toEqual([]);
  });

  it("sends yesterday's scans as a digest at 08:00 in the company's time zone, once", async () => {
    const owner = await registerOwnerViaServices();
    expect((await chooseAlerts(owner.token, "daily", "Africa/Nairobi")).body).toMatchObject({
      scanAlertMode: "daily",
      timeZone: "Africa/Nairobi",
    });
    const code = await insertCode(owner, { propertyAddress: "Digest House, Westlands" });
    // 05:00 UTC is 08:00 in Nairobi (UTC+3): the cron run of that hour sends the previous Nairobi day.
    const day = new Date();
    day.setUTCDate(day.getUTCDate() - 1);
    const cronTime = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 5));
    const scanAt = (hoursBeforeCron: number) => ({
      qrCodeId: code.id,
      companyId: code.companyId,
      deviceClass: "mobile",
      city: "Nairobi",
      country: "KE",
      scannedAt: new Date(cronTime.getTime() - hoursBeforeCron * HOUR_MS),
    });
    // The cron runs at 08:00 in Nairobi, so the previous Nairobi day ran from 32 h to 8 h before it:
    // scans 20 h and 10 h before are in it, 6 h before is the same day as the cron, 40 h before is older.
    await withDb((db) => db.insert(scanEvents).values([scanAt(20), scanAt(10), scanAt(6), scanAt(40)]));

    await runCron(new Date(cronTime.getTime() - HOUR_MS));
    await runCron(cronTime);
    const digest = await waitForEmail(owner.email, "scans of");
    expect(digest.subject).toMatch(
      new RegExp(`^ValuSeal: 2 scans of ${owner.user.company!.name}'s codes on \\d+ \\w+ \\d{4}$`),
    );
    expect(digest.text.match(/Digest House, Westlands, scanned on a phone from Nairobi, KE/g)).toHaveLength(2);

    await runCron(cronTime);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await emailsTo(owner.email)).filter((email) => email.subject.includes("scans of"))).toHaveLength(1);
  });

  it("refuses an unknown time zone and a mode it does not offer", async () => {
    const owner = await registerOwnerViaServices();
    const res = await chooseAlerts(owner.token, "hourly", "Mars/Olympus");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      "mode: Choose per scan, daily digest or none",
      "timeZone: Choose a time zone by name, such as Africa/Nairobi (offsets such as +03:00 are not accepted)",
    ]);
    // Postgres would read a bare offset with its sign inverted: only zone names are accepted.
    for (const offset of ["+23:59", "+03:00", "-05:00"]) {
      expect((await chooseAlerts(owner.token, "daily", offset)).body.errors, offset).toEqual([
        "timeZone: Choose a time zone by name, such as Africa/Nairobi (offsets such as +03:00 are not accepted)",
      ]);
    }
    expect((await chooseAlerts(owner.token, "daily", "Africa/Kampala")).status).toBe(200);
    const member = await addMemberViaServices(owner);
    expect((await chooseAlerts(member.token, "none")).status).toBe(403);
  });
});
