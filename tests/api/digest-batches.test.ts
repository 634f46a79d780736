import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import { queueEmailsNow } from "#worker/services/email/email.ts";
import { sendDueScanDigests } from "#worker/services/scans/scan-alert-emails.ts";
import { waitForEmails } from "../shared/inbox";
import { registerOwnerViaServices, type Account } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";

const HOUR_MS = 60 * 60 * 1000;
/**
 * A zone no other test uses, and cron times years away from now: the other tests' cron runs (at
 * about the current hour) never find these companies due, and these runs never find theirs.
 */
const ZONE = "Pacific/Chatham";

/** The first hour on the day after `from` (UTC) at which it is 08:mm in ZONE: the digest's hour there. */
function digestHour(from: Date): Date {
  const hourIn = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: ZONE });
  for (let time = from.getTime(); ; time += HOUR_MS) {
    if (Number(hourIn.format(new Date(time))) === 8) return new Date(time);
  }
}

/** Owners of companies that chose the daily digest in ZONE, each with a code scanned `scans` times on the local day before `cronTime`. */
async function companiesWithScans(count: number, scans: number, cronTime: Date): Promise<Account[]> {
  const owners: Account[] = [];
  for (let index = 0; index < count; index += 10) {
    owners.push(
      ...(await Promise.all(Array.from({ length: Math.min(10, count - index) }, () => registerOwnerViaServices()))),
    );
  }
  const codes = await Promise.all(
    owners.map((owner) => insertCode(owner, { propertyAddress: "Digest Court, Kilimani" })),
  );
  const companyIds = owners.map((owner) => owner.user.companyId!);
  await withDb(async (db) => {
    await db.update(companies).set({ scanAlertMode: "daily", timeZone: ZONE }).where(inArray(companies.id, companyIds));
    // 12 hours before the cron's 08:mm is 20:mm of the previous local day.
    const scannedAt = new Date(cronTime.getTime() - 12 * HOUR_MS).toISOString();
    await db.execute(sql`
      INSERT INTO scan_events (qr_code_id, company_id, scanned_at, country, city, device_class, kind, counted)
      SELECT code.id, code.company_id, ${scannedAt}::timestamptz - n * interval '1 minute', 'KE', 'Nairobi', 'mobile', 'scan', true
      FROM unnest(${`{${codes.map((code) => code.id).join(",")}}`}::int[]) AS code_ids(id) JOIN qr_codes code USING (id),
           generate_series(1, ${scans}) AS n`);
  });
  return owners;
}

const isDigest = (email: { subject: string }) => email.subject.includes("scans of");

async function expectOneDigestEach(owners: Account[], scans: number) {
  for (let index = 0; index < owners.length; index += 25) {
    await Promise.all(
      owners.slice(index, index + 25).map(async (owner) => {
        const [digest, ...more] = await waitForEmails(owner.email, isDigest, { timeoutMs: 120_000 });
        expect(more).toEqual([]);
        expect(digest!.subject).toMatch(new RegExp(`^ValuSeal: ${scans} scans of `));
      }),
    );
  }
}

describe("the daily digests of many companies in one hour", () => {
  it("reach all 200 companies, in batches the queue accepts, and only once", async () => {
    const cronTime = digestHour(new Date(Date.UTC(2031, 0, 10)));
    // Fifty scans each: a digest of about 7 KB, so the 200 need several of the queue's batches.
    const owners = await companiesWithScans(200, 50, cronTime);
    await worker.scheduled(
      createScheduledController({ scheduledTime: cronTime, cron: "0 * * * *" }),
      env as Bindings,
      createExecutionContext(),
    );
    await expectOneDigestEach(owners, 50);
    // The next hourly run finds them sent.
    await worker.scheduled(
      createScheduledController({ scheduledTime: new Date(cronTime.getTime() + HOUR_MS), cron: "0 * * * *" }),
      env as Bindings,
      createExecutionContext(),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const owner of owners.slice(0, 10)) {
      expect((await waitForEmails(owner.email, isDigest)).length).toBe(1);
    }
  }, 300_000);

  it("gives a company whose batch the queue refused back to the next hour's run, which sends it", async () => {
    const cronTime = digestHour(new Date(Date.UTC(2032, 5, 20)));
    const owners = await companiesWithScans(3, 2, cronTime);
    // The queue refuses every batch of this run (as during an outage of the queue).
    await expect(
      withDb((db) => sendDueScanDigests(db, cronTime, () => Promise.reject(new Error("queue unavailable")))),
    ).rejects.toThrow(/daily digests of 3 companies were not queued/);
    // The next hourly run is still within the digest's hours, and finds them due again.
    const nextHour = new Date(cronTime.getTime() + HOUR_MS);
    const run = await withDb((db) =>
      sendDueScanDigests(db, nextHour, (batch) => queueEmailsNow(env as Bindings, batch)),
    );
    expect(run).toMatchObject({ due: 3, emails: 3, retried: [] });
    await expectOneDigestEach(owners, 2);
  });
});
