import { sql } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import type { Bindings } from "#worker/bindings.ts";
import { readConfig } from "#worker/config.ts";
import { connectDatabase, type Database } from "#worker/db.ts";
import type { EmailMessage, ScanSummary } from "#worker/lib/email-templates.ts";
import { queueBatchesOfGroups } from "#worker/lib/queue-batches.ts";
import { scannedNoEarlierThan } from "#worker/lib/scan-time-bounds.ts";
import type { DigestPageMessage } from "#worker/queue-messages.ts";
import { queueEmailBatch } from "../email/email";
import { deviceWords, placeOf, recipientsOf } from "./scan-alert-emails";

/*
 * The daily digest of a company's scans (docs/decisions/067): the hourly cron finds the companies
 * due and queues them in pages; the digests queue's consumer sends one page per message. A page
 * claims its companies before it reads their scans, so a page delivered twice, two pages naming
 * the same company, or an hourly run made twice send nobody a second digest; a page that fails is
 * retried by the queue on its own, and no other page's digests wait for it or are lost with it.
 */

/** Companies per page: one claim, one read and a few queue batches, far within a consumer invocation's subrequests. */
export const DIGEST_PAGE_COMPANIES = 100;
/** Pages per `sendBatch`: the queue's limit of messages in one batch. */
const PAGES_PER_SEND = 100;
/** A digest lists this many scans and counts the rest. */
const DIGEST_SCAN_LIMIT = 50;
/** The hour, in the company's own time zone, at which the daily digest goes out. */
const DIGEST_HOUR = 8;
/** How many hourly runs from DIGEST_HOUR on may still send a digest an earlier run's page could not. */
const DIGEST_HOURS = 4;
/** A company sent a digest less than this long ago is not due again (the local day is 24 hours, give or take a clock change). */
const DIGEST_INTERVAL = sql`interval '20 hours'`;

/** Due at `at`: chose the digest, its local time is within the digest's hours, and none was sent in the last 20 hours. */
function dueAt(at: string) {
  const time = sql`${at}::timestamptz`;
  return sql`scan_alert_mode = 'daily'
    AND extract(hour from ${time} AT TIME ZONE time_zone) >= ${DIGEST_HOUR}
    AND extract(hour from ${time} AT TIME ZONE time_zone) < ${DIGEST_HOUR + DIGEST_HOURS}
    AND (last_digest_at IS NULL OR last_digest_at < ${time} - ${DIGEST_INTERVAL})`;
}

/** What the hourly run did, for the log and the job's record. */
interface DigestPagesQueued {
  due: number;
  pages: number;
}

/**
 * The hourly cron's part: every company due at `now`, in pages of DIGEST_PAGE_COMPANIES, queued
 * as few `sendBatch` calls as the queue's limits allow. Nothing is claimed here: a page that never
 * arrives leaves its companies due, and the next hourly run (within DIGEST_HOURS) queues them again.
 */
export async function queueDueDigestPages(
  db: Database,
  now: Date,
  sendPages: (pages: DigestPageMessage[]) => Promise<void>,
): Promise<DigestPagesQueued> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM companies WHERE ${dueAt(at)} ORDER BY id`);
  const ids = rows.map((row) => Number(row.id));
  const pages: DigestPageMessage[] = [];
  for (let start = 0; start < ids.length; start += DIGEST_PAGE_COMPANIES) {
    pages.push({ at, companyIds: ids.slice(start, start + DIGEST_PAGE_COMPANIES) });
  }
  for (let start = 0; start < pages.length; start += PAGES_PER_SEND) {
    await sendPages(pages.slice(start, start + PAGES_PER_SEND));
  }
  const queued = { due: ids.length, pages: pages.length };
  console.log(`daily digests: ${queued.due} companies due, ${queued.pages} pages queued`);
  return queued;
}

interface ClaimedCompany extends Record<string, unknown> {
  id: number;
  name: string;
  time_zone: string;
  /** lastDigestAt before the page claimed the company: put back when its digest could not be queued. */
  previous: string | null;
}

interface DigestScanRow extends Record<string, unknown> {
  company_id: number;
  code_id: number;
  code_label: string;
  scanned_at: string;
  country: string | null;
  city: string | null;
  device_class: string | null;
  total: number;
}

/**
 * The scans of each company's previous local day, newest first, DIGEST_SCAN_LIMIT at most each
 * with the day's total: one statement for the whole page.
 */
async function previousDayScans(db: Database, claimed: ClaimedCompany[], at: string, now: Date) {
  const values = sql.join(
    claimed.map((company) => sql`(${company.id}::int, ${company.time_zone}::text)`),
    sql`, `,
  );
  const { rows } = await db.execute<DigestScanRow>(sql`
    SELECT company.id AS company_id, scan.*
    FROM (VALUES ${values}) AS company (id, time_zone)
    CROSS JOIN LATERAL (
      SELECT date_trunc('day', ${at}::timestamptz AT TIME ZONE company.time_zone) - interval '1 day' AS local_start
    ) day
    CROSS JOIN LATERAL (
      SELECT code.id AS code_id,
             coalesce(nullif(code.property_address, ''), code.property_reference, code.public_token) AS code_label,
             to_char(scan.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS scanned_at,
             scan.country, scan.city, scan.device_class, count(*) OVER ()::int AS total
      FROM scan_events scan JOIN qr_codes code ON code.id = scan.qr_code_id
      WHERE scan.company_id = company.id AND scan.kind = 'scan'
        -- The previous local day began less than two days before now, whatever the time zone.
        AND ${scannedNoEarlierThan(sql`scan.scanned_at`, now.getTime() - 2 * DAY_MS)}
        AND scan.scanned_at >= day.local_start AT TIME ZONE company.time_zone
        AND scan.scanned_at < (day.local_start + interval '1 day') AT TIME ZONE company.time_zone
      ORDER BY scan.scanned_at DESC
      LIMIT ${DIGEST_SCAN_LIMIT}
    ) scan
    ORDER BY company.id, scan.scanned_at DESC`);
  const byCompany = new Map<number, DigestScanRow[]>();
  for (const row of rows) {
    const companyId = Number(row.company_id);
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), row]);
  }
  return byCompany;
}

/** One company's digest, an email per recipient; none when its previous local day had no scans. */
function digestEmails(company: ClaimedCompany, scans: DigestScanRow[], to: string[], now: Date): EmailMessage[] {
  if (scans.length === 0) return [];
  const summaries: ScanSummary[] = scans.map((row) => ({
    at: row.scanned_at,
    codeId: Number(row.code_id),
    codeLabel: row.code_label,
    place: placeOf(row.city, row.country),
    device: deviceWords(row.device_class),
  }));
  const day = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: company.time_zone,
  }).format(new Date(now.getTime() - DAY_MS));
  return to.map((address): EmailMessage => ({
    kind: "scan-digest",
    to: address,
    companyName: company.name,
    day,
    scans: summaries,
    total: Number(scans[0]!.total),
  }));
}

/** What one page did, for the log. */
interface DigestPageRun {
  claimed: number;
  emails: number;
  /** The email queue's batches the page's emails took. */
  batches: number;
  /** Companies whose digest could not be queued: given back, so the page's retry sends them. */
  givenBack: number[];
}

/** Companies' lastDigestAt put back as it was before the page claimed them, unless something since changed it. */
async function giveBack(db: Database, companies: ClaimedCompany[], at: string) {
  if (companies.length === 0) return;
  await db.execute(sql`
    UPDATE companies SET last_digest_at = given.previous
    FROM unnest(${`{${companies.map((company) => company.id).join(",")}}`}::int[],
                ${`{${companies.map((company) => (company.previous === null ? "NULL" : `"${company.previous}"`)).join(",")}}`}::timestamptz[])
      AS given (id, previous)
    WHERE companies.id = given.id AND companies.last_digest_at = ${at}::timestamptz`);
}

/**
 * One page: its companies still due are claimed (lastDigestAt = the run's time) in one statement,
 * their recipients and scans read, and their digests queued with a company's emails never split
 * across two of the queue's batches. A company whose batch the queue refused (after retries) is
 * given back, and the page throws so that the queue tries it again: the retry claims only what was
 * given back. Should the read fail, every claim of the page is given back before the error goes on.
 */
export async function sendDigestPage(
  db: Database,
  page: DigestPageMessage,
  queueEmails: (batch: EmailMessage[]) => Promise<void>,
): Promise<DigestPageRun> {
  const { at } = page;
  const now = new Date(at);
  const { rows: claimed } = await db.execute<ClaimedCompany>(sql`
    WITH due AS (
      SELECT id, last_digest_at AS previous FROM companies
      WHERE id = ANY(${`{${page.companyIds.join(",")}}`}::int[]) AND ${dueAt(at)}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE companies SET last_digest_at = ${at}::timestamptz FROM due WHERE companies.id = due.id
    RETURNING companies.id, companies.name, companies.time_zone,
      to_char(due.previous AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS previous`);
  if (claimed.length === 0) return { claimed: 0, emails: 0, batches: 0, givenBack: [] };

  let groups: { company: ClaimedCompany; emails: EmailMessage[] }[];
  try {
    const [recipients, scans] = await Promise.all([
      recipientsOf(
        db,
        claimed.map((company) => Number(company.id)),
      ),
      previousDayScans(db, claimed, at, now),
    ]);
    groups = claimed.map((company) => ({
      company,
      emails: digestEmails(company, scans.get(Number(company.id)) ?? [], recipients.get(Number(company.id)) ?? [], now),
    }));
  } catch (error) {
    await giveBack(db, claimed, at);
    throw error;
  }

  const refused: ClaimedCompany[] = [];
  const batches = queueBatchesOfGroups(groups.map(({ emails }) => emails));
  for (const batch of batches) {
    const batchCompanies = batch.groups.map((index) => groups[index]!.company);
    try {
      await queueEmails(batch.messages);
    } catch (error) {
      console.error(`daily digests: a batch of ${batch.messages.length} emails could not be queued`, error);
      refused.push(...batchCompanies);
    }
  }
  await giveBack(db, refused, at);
  const run: DigestPageRun = {
    claimed: claimed.length,
    emails: groups.reduce((sum, { emails }) => sum + emails.length, 0),
    batches: batches.length,
    givenBack: refused.map((company) => Number(company.id)),
  };
  console.log(
    `daily digest page: ${run.claimed} companies claimed, ${run.emails} emails in ${run.batches} queue batches, ${run.givenBack.length} given back`,
  );
  if (run.givenBack.length > 0) throw new Error(`daily digests of ${run.givenBack.length} companies were not queued`);
  return run;
}

/**
 * The digests queue's consumer: each page on its own (the queue gives one per call), acknowledged
 * when sent, retried by the queue (wrangler.toml's delay) when any part failed.
 */
export async function deliverDigestPages(batch: MessageBatch<DigestPageMessage>, env: Bindings) {
  const { db, close } = connectDatabase(readConfig(env));
  try {
    for (const message of batch.messages) {
      try {
        await sendDigestPage(db, message.body, (emails) => queueEmailBatch(env, emails));
        message.ack();
      } catch (error) {
        console.error(`daily digest page of ${message.body.companyIds.length} companies failed; retried`, error);
        message.retry();
      }
    }
  } finally {
    await close();
  }
}
