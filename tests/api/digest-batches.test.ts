import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
} from "cloudflare:test";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import worker from "#worker/index.ts";
import type { DigestPageMessage } from "#worker/queue-messages.ts";
import {
  DIGEST_PAGE_COMPANIES,
  deliverDigestPages,
  queueDueDigestPages,
} from "#worker/services/scans/daily-digests.ts";
import { waitForEmails } from "../shared/inbox";
import { registerOwnerViaServices, type Account } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { unique } from "./fixtures/http";

const HOUR_MS = 60 * 60 * 1000;
/**
 * Zones no other test uses (one per test here, so neither finds the other's companies due), and
 * cron times years away from now: the other tests' cron runs (at about the current hour) never
 * find these companies due, and these runs never find theirs.
 */
const ZONE = "Pacific/Chatham";
const PAGES_ZONE = "Asia/Kathmandu";

/** The first hour on the day after `from` (UTC) at which it is 08:mm in the zone: the digest's hour there. */
function digestHour(from: Date, zone = ZONE): Date {
  const hourIn = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: zone });
  for (let time = from.getTime(); ; time += HOUR_MS) {
    if (Number(hourIn.format(new Date(time))) === 8) return new Date(time);
  }
}

/** 12 hours before the cron's 08:mm is 20:mm of the previous local day. */
const scannedTheDayBefore = (cronTime: Date) => new Date(cronTime.getTime() - 12 * HOUR_MS).toISOString();

/**
 * The scans' month has its partition before they are written, as in production, where the hourly
 * job keeps months ahead. Written into the default partition instead, they would be moved by the
 * hourly run under test while the queue's pages read them, and a page could find none.
 */
const partitionScansOf = (cronTime: Date) =>
  withDb((db) => db.execute(sql`SELECT ensure_scan_event_partitions(${scannedTheDayBefore(cronTime)}::date, 1)`));

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
  await partitionScansOf(cronTime);
  await withDb(async (db) => {
    await db.update(companies).set({ scanAlertMode: "daily", timeZone: ZONE }).where(inArray(companies.id, companyIds));
    await db.execute(sql`
      INSERT INTO scan_events (qr_code_id, company_id, scanned_at, country, city, device_class, kind, counted)
      SELECT code.id, code.company_id, ${scannedTheDayBefore(cronTime)}::timestamptz - n * interval '1 minute', 'KE', 'Nairobi', 'mobile', 'scan', true
      FROM unnest(${`{${codes.map((code) => code.id).join(",")}}`}::int[]) AS code_ids(id) JOIN qr_codes code USING (id),
           generate_series(1, ${scans}) AS n`);
  });
  return owners;
}

/**
 * `count` firms made in bulk with SQL, as many as registering each would take minutes for: a
 * confirmed owner, a valuer and a code each, the daily digest in PAGES_ZONE, and one scan the local day
 * before `cronTime`. Answers the owners' addresses, in company order.
 */
async function manyCompaniesWithAScan(count: number, cronTime: Date): Promise<{ ids: number[]; emails: string[] }> {
  const prefix = unique("digest-page");
  await partitionScansOf(cronTime);
  const { rows } = await withDb((db) =>
    db.execute<{ id: number; email: string }>(sql`
      WITH owners AS (
        INSERT INTO users (email, password, first_name, last_name, email_verified_at)
        SELECT format('%s-%s@example.com', ${prefix}::text, g), 'bulk-made-never-signs-in', 'Digest', format('Owner %s', g), now()
        FROM generate_series(1, ${count}::int) g
        RETURNING id, email
      ), firms AS (
        INSERT INTO companies (name, email, owner_id, scan_alert_mode, time_zone)
        SELECT format('Digest Page Valuers %s Ltd', id), email, id, 'daily', ${PAGES_ZONE} FROM owners
        RETURNING id, owner_id
      ), signers AS (
        INSERT INTO valuers (company_id, name, phone, qualification)
        SELECT id, 'Wanjiru Kamau', '+254700000001', 'MISK' FROM firms
        RETURNING id, company_id
      ), codes AS (
        INSERT INTO qr_codes (public_token, user_id, company_id, valuer_id, valuation_date, market_value, currency,
          issuer_name, issuer_email, property_address, property_reference, property_type, qr_code_data, valid_until)
        SELECT token, firms.owner_id, firms.id, signers.id, now() - interval '3 days', 45000000, 'KES',
          'Digest Page Valuers', 'digests@example.com', 'Digest Court, Kilimani', 'LR 209/7', 'Real Estate',
          'https://verify.valuseal.example/v/' || token, now() + interval '90 days'
        FROM firms JOIN signers ON signers.company_id = firms.id,
             LATERAL (SELECT substr(md5(random()::text || firms.id), 1, 16) AS token) made
        RETURNING id, company_id
      ), scanned AS (
        INSERT INTO scan_events (qr_code_id, company_id, scanned_at, country, city, device_class, kind, counted)
        SELECT id, company_id, ${scannedTheDayBefore(cronTime)}::timestamptz, 'KE', 'Nairobi', 'mobile', 'scan', true FROM codes
      )
      SELECT firms.id, owners.email FROM firms JOIN owners ON owners.id = firms.owner_id ORDER BY firms.id`),
  );
  const ids = rows.map((row) => Number(row.id));
  // A statement's parts never see each other's rows, so the owners join their firms in a second one.
  await withDb((db) =>
    db.execute(sql`
      UPDATE users SET company_id = companies.id FROM companies
      WHERE companies.owner_id = users.id AND companies.id = ANY(${`{${ids.join(",")}}`}::int[])`),
  );
  return { ids, emails: rows.map((row) => row.email) };
}

const isDigest = (email: { subject: string }) => /^ValuSeal: \d+ scans? of /.test(email.subject);

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

/** One delivery of a page to the digests queue's consumer (with the bindings given), as the queue makes it; answers whether it asked to be retried. */
async function deliverPage(page: DigestPageMessage, attempts: number, bindings: Bindings = env as Bindings) {
  const batch = createMessageBatch<DigestPageMessage>("digests", [
    { id: unique("page"), timestamp: new Date(), attempts, body: page },
  ]);
  await deliverDigestPages(batch, bindings);
  const result = await getQueueResult(batch, createExecutionContext());
  return { retried: result.retryMessages.length === 1, acked: result.explicitAcks.length === 1 };
}

describe("the daily digests of many companies in one hour", () => {
  it("reach all 200 companies through the hourly run and the digests queue, and only once", async () => {
    const cronTime = digestHour(new Date(Date.UTC(2031, 0, 10)));
    // Fifty scans each: a digest of about 7 KB, so a page of 100 needs several of the queue's batches.
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

  it("sends 2,000 companies in pages, each exactly once, when some pages fail and are retried", async () => {
    const cronTime = digestHour(new Date(Date.UTC(2033, 2, 14)), PAGES_ZONE);
    const firms = await manyCompaniesWithAScan(2000, cronTime);

    const pages: DigestPageMessage[] = [];
    const queued = await withDb((db) => queueDueDigestPages(db, cronTime, async (sent) => void pages.push(...sent)));
    expect(queued).toEqual({ due: 2000, pages: 2000 / DIGEST_PAGE_COMPANIES });
    expect(pages.flatMap((page) => page.companyIds).sort((a, b) => a - b)).toEqual(firms.ids);

    // Faults on the first delivery: the database refuses two pages' claims (a trigger raising for
    // their first companies), and the email queue refuses a third page's second batch onwards.
    const [claimRefused, alsoClaimRefused, queueRefused] = [pages[3]!, pages[11]!, pages[7]!];
    const refusedIds = [claimRefused.companyIds[0]!, alsoClaimRefused.companyIds[0]!];
    await withDb(async (db) => {
      await db.execute(
        sql.raw(`CREATE FUNCTION digest_page_fault() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'injected fault in a digest page'; END $$`),
      );
      await db.execute(
        sql.raw(`CREATE TRIGGER digest_page_fault BEFORE UPDATE OF last_digest_at ON companies
          FOR EACH ROW WHEN (NEW.id IN (${refusedIds.join(", ")})) EXECUTE FUNCTION digest_page_fault()`),
      );
    });
    // The email queue as the pages see it: it records what it accepts, and refuses when told to.
    // (Its own consumer, SMTP and the inbox are the first test's: locally it delivers about ten
    // emails a second, so 2,000 would take this file minutes without telling more.)
    const accepted: EmailMessage[] = [];
    let refusals = 0;
    const emailQueue = (refuse: boolean): Bindings => ({
      ...(env as Bindings),
      EMAILS: {
        ...(env as Bindings).EMAILS,
        sendBatch: async (messages) => {
          if (refuse) {
            refusals += 1;
            throw new Error("queue unavailable");
          }
          accepted.push(...[...messages].map((message) => message.body));
          return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
        },
      },
    });
    try {
      const first = await Promise.all(pages.map((page) => deliverPage(page, 1, emailQueue(page === queueRefused))));
      expect(first.map(({ retried }) => retried)).toEqual(
        pages.map((page) => page === claimRefused || page === alsoClaimRefused || page === queueRefused),
      );
      // The queue's own retries (three attempts) before the page gives its companies back.
      expect(refusals).toBe(3);
    } finally {
      await withDb(async (db) => {
        await db.execute(sql.raw(`DROP TRIGGER digest_page_fault ON companies`));
        await db.execute(sql.raw(`DROP FUNCTION digest_page_fault()`));
      });
    }

    // The queue delivers the three failed pages again, and one page that succeeded a second time
    // (a delivery the platform repeats); an hourly run made again finds nobody due.
    const second = await Promise.all(
      [claimRefused, alsoClaimRefused, queueRefused, pages[0]!].map((page) => deliverPage(page, 2, emailQueue(false))),
    );
    expect(second.map(({ acked }) => acked)).toEqual([true, true, true, true]);
    const again = await withDb((db) => queueDueDigestPages(db, new Date(cronTime.getTime() + HOUR_MS), async () => {}));
    expect(again.due).toBe(0);

    const digests = accepted.filter((email) => email.kind === "scan-digest");
    expect(digests).toHaveLength(accepted.length);
    const perRecipient = new Map<string, number>();
    for (const digest of digests) perRecipient.set(digest.to, (perRecipient.get(digest.to) ?? 0) + 1);
    expect(firms.emails.filter((address) => perRecipient.get(address) !== 1)).toEqual([]);
    expect(digests).toHaveLength(firms.emails.length);
    expect(digests[0]).toMatchObject({ total: 1, companyName: expect.stringMatching(/^Digest Page Valuers \d+ Ltd$/) });
  }, 120_000);
});
