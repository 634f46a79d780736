import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alertDigestHours, companies, users } from "#schema/tables.ts";
import type { Database } from "#worker/db.ts";
import type { EmailMessage, ScanAlertDigest, ScanSummary } from "#worker/lib/email-templates.ts";
import { scannedNoEarlierThan } from "#worker/lib/scan-time-bounds.ts";
import type { ScanAlertMessage } from "#worker/queue-messages.ts";

/**
 * A code's counted scans of one hour (UTC) that get an alert email each; the scans past them get
 * none of their own and are counted in one email when the hour ends (`sendScanAlertDigests`). A real
 * report is scanned a few times in a day; a code scanned more often than this in an hour is a
 * flood or a script, and one email saying how many tells its owner as much as a hundred would.
 */
export const SCAN_ALERT_EMAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;
/** The start of the UTC hour `time` is in. */
const hourOf = (time: number) => new Date(Math.floor(time / HOUR_MS) * HOUR_MS);

const DEVICE_WORDS: Record<string, string> = {
  mobile: "phone",
  tablet: "tablet",
  desktop: "computer",
  bot: "script or bot",
  other: "device",
};

/** How a scan's device class is written in an email. */
export const deviceWords = (deviceClass: string | null) => DEVICE_WORDS[deviceClass ?? "other"] ?? "device";

/** Who receives a company's scan emails: the owner, and members who opted in; confirmed, active accounts only. */
export async function recipientsOf(db: Database, companyIds: number[]): Promise<Map<number, string[]>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: users.companyId, email: users.email })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        inArray(users.companyId, companyIds),
        eq(users.isActive, true),
        isNotNull(users.emailVerifiedAt),
        or(eq(companies.ownerId, users.id), eq(users.scanAlertEmails, true)),
      ),
    );
  const byCompany = new Map<number, string[]>();
  for (const row of rows) byCompany.set(row.companyId!, [...(byCompany.get(row.companyId!) ?? []), row.email]);
  return byCompany;
}

export const placeOf = (city: string | null, country: string | null) =>
  [city, country].filter(Boolean).join(", ") || null;

/**
 * For each alert, how many counted scans of its code came before it in the same UTC hour (counted
 * up to `cap`: past it the number does not matter). "Before" compares whole milliseconds, the
 * precision of the alert's time: scans in the same millisecond are all first or all later, never
 * one of each, and `hourAlertDigests` ranks them the same way, so the scans emailed one by one
 * and the scans the digest counts always add up to the hour's scans. It is read from the scan log,
 * so the answer is the same whenever (and however often) the alert is handled.
 */
export async function earlierScansInHour(db: Database, alerts: ScanAlertMessage[], cap: number): Promise<number[]> {
  if (alerts.length === 0) return [];
  const hours = alerts.map(({ alert }) => hourOf(Date.parse(alert.scan.at)));
  const values = sql.join(
    alerts.map(
      ({ codeId, alert }, index) =>
        sql`(${index}::int, ${codeId}::int, ${hours[index]!.toISOString()}::timestamptz, ${alert.scan.at}::timestamptz)`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<{ position: number; earlier: number }>(sql`
    SELECT alert.position, (
      SELECT count(*)::int FROM (
        SELECT 1 FROM scan_events scan
        WHERE scan.qr_code_id = alert.code_id AND scan.counted
          AND scan.scanned_at >= alert.hour AND date_trunc('milliseconds', scan.scanned_at) < alert.at
          AND ${scannedNoEarlierThan(sql`scan.scanned_at`, Math.min(...hours.map((hour) => hour.getTime())))}
        LIMIT ${cap}
      ) enough
    ) AS earlier
    FROM (VALUES ${values}) AS alert (position, code_id, hour, at)`);
  const earlier = alerts.map(() => 0);
  for (const row of rows) earlier[Number(row.position)] = Number(row.earlier);
  return earlier;
}

/**
 * One email per recipient for each scan of a company that chose an email per scan, up to
 * SCAN_ALERT_EMAILS_PER_HOUR scans of one code in an hour; the rest wait for the hour's digest.
 * Each alert comes with the number of its code's counted scans before it in the hour
 * (earlierScansInHour, read once by the consumer for the emails and the webhook events).
 */
export async function scanAlertEmails(
  db: Database,
  alerts: { message: ScanAlertMessage; earlierInHour: number }[],
): Promise<EmailMessage[]> {
  const companyIds = [...new Set(alerts.map(({ message }) => message.companyId))];
  if (companyIds.length === 0) return [];
  const perScan = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.scanAlertMode, "per-scan")));
  const names = new Map(perScan.map((company) => [company.id, company.name]));
  const emailed = alerts.filter(
    ({ message, earlierInHour }) => names.has(message.companyId) && earlierInHour < SCAN_ALERT_EMAILS_PER_HOUR,
  );
  const recipients = await recipientsOf(db, [...names.keys()]);
  return emailed.flatMap(({ message: { companyId, codeId, alert } }) => {
    const companyName = names.get(companyId)!;
    const scan: ScanSummary = {
      at: alert.scan.at,
      codeId,
      codeLabel: alert.code.address || alert.code.reference || alert.code.id,
      place: placeOf(alert.scan.city, alert.scan.country),
      device: deviceWords(alert.scan.device),
    };
    return (recipients.get(companyId) ?? []).map(
      (to) => ({ kind: "scan-alert", to, companyName, scan }) satisfies EmailMessage,
    );
  });
}

interface BusyCodeRow extends Record<string, unknown> {
  company_id: number;
  company_name: string;
  code_id: number;
  code_label: string;
  scans: number;
  emailed: number;
}

/**
 * The alert digests of the UTC hour that starts at `since`: for every code of a company that chose
 * an email per scan whose counted scans in that hour did not all get an email of their own (more
 * than SCAN_ALERT_EMAILS_PER_HOUR), one email per recipient saying how many did not. Which scans were emailed is worked out from the scan log exactly as the
 * queue consumer decided it (`rank` over whole milliseconds: a scan was emailed when fewer than the
 * cap came before it), so nothing has to be remembered between the two and nothing is counted
 * twice or left out. Sent by `sendScanAlertDigests`, once per hour.
 */
async function hourAlertDigests(db: Database, since: Date): Promise<EmailMessage[]> {
  const until = new Date(since.getTime() + HOUR_MS);
  const { rows } = await db.execute<BusyCodeRow>(sql`
    WITH ranked AS (
      -- Company by company, through the log's (company, time) index: the scan log has no index on
      -- time alone (decision 072), and only firms that chose an email per scan have digests.
      SELECT scan.qr_code_id, company.id AS company_id,
             rank() OVER (PARTITION BY scan.qr_code_id ORDER BY date_trunc('milliseconds', scan.scanned_at)) AS place
      FROM companies company CROSS JOIN LATERAL (
        SELECT scan.qr_code_id, scan.scanned_at FROM scan_events scan
        WHERE scan.company_id = company.id AND scan.counted
          AND scan.scanned_at >= ${since.toISOString()}::timestamptz AND scan.scanned_at < ${until.toISOString()}::timestamptz
      ) scan
      WHERE company.scan_alert_mode = 'per-scan'
    ), busy AS (
      SELECT qr_code_id, company_id, count(*)::int AS scans,
             (count(*) FILTER (WHERE place <= ${SCAN_ALERT_EMAILS_PER_HOUR}))::int AS emailed
      FROM ranked GROUP BY qr_code_id, company_id
      HAVING count(*) > ${SCAN_ALERT_EMAILS_PER_HOUR}
    )
    SELECT busy.company_id, company.name AS company_name, busy.qr_code_id AS code_id, busy.scans, busy.emailed,
           coalesce(nullif(code.property_address, ''), code.property_reference, code.public_token) AS code_label
    FROM busy JOIN qr_codes code ON code.id = busy.qr_code_id JOIN companies company ON company.id = busy.company_id
    WHERE busy.scans > busy.emailed`);
  const recipients = await recipientsOf(db, [...new Set(rows.map((row) => Number(row.company_id)))]);
  return rows.flatMap((row) =>
    (recipients.get(Number(row.company_id)) ?? []).map(
      (to) =>
        ({
          kind: "scan-alert-digest",
          to,
          companyName: row.company_name,
          codeId: Number(row.code_id),
          codeLabel: row.code_label,
          more: Number(row.scans) - Number(row.emailed),
          emailed: Number(row.emailed),
          hour: since.toISOString(),
        }) satisfies ScanAlertDigest,
    ),
  );
}

/** How long a sent hour's claim is kept: far longer than any repeat of its cron run. */
const CLAIM_DAYS = 7;
/**
 * How many hours a run looks back for: the hour that just ended, and the two before it in case
 * their runs failed or the queue refused their digests.
 */
const DIGEST_LOOKBACK_HOURS = 3;

/**
 * The hourly cron's alert digests (`hourAlertDigests`): the hour that ended at `now`, and any of
 * the two before it whose digests no run has sent. Each hour is sent once: the run claims the
 * hours no run has (`alert_digest_hours`) before reading them, so a run made again, or two runs
 * that overlap, send no hour twice. When the queue refuses the digests (after its retries), the
 * claims are given back and the error thrown, so the run is reported as failed and the next
 * hourly run (or a repeat of this one) sends those hours, some digests twice rather than any
 * lost. Answers how many digests were queued.
 */
export async function sendScanAlertDigests(
  db: Database,
  now: Date,
  queue: (messages: EmailMessage[]) => Promise<void>,
): Promise<number> {
  const lastHour = new Date(hourOf(now.getTime()).getTime() - HOUR_MS).toISOString();
  const { rows: claimed } = await db.execute<{ hour: string }>(sql`
    WITH forgotten AS (
      DELETE FROM ${alertDigestHours} WHERE hour < now() - make_interval(days => ${CLAIM_DAYS})
    )
    INSERT INTO ${alertDigestHours} (hour)
    SELECT generate_series(
      ${lastHour}::timestamptz - make_interval(hours => ${DIGEST_LOOKBACK_HOURS - 1}),
      ${lastHour}::timestamptz,
      interval '1 hour')
    ON CONFLICT DO NOTHING
    RETURNING to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS hour`);
  if (claimed.length === 0) return 0;
  const hours = claimed.map((row) => row.hour);
  try {
    const digests = (await Promise.all(hours.map((hour) => hourAlertDigests(db, new Date(hour))))).flat();
    await queue(digests);
    console.log(`alert digests: ${digests.length} emails queued for the hours from ${hours.join(", ")}`);
    return digests.length;
  } catch (error) {
    await db.execute(sql`DELETE FROM ${alertDigestHours} WHERE hour = ANY(${`{${hours.join(",")}}`}::timestamptz[])`);
    throw error;
  }
}
