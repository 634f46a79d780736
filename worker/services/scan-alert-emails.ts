import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { DAY_MS } from "../../schema/limits";
import { companies, users } from "../../schema/tables";
import type { Database } from "../db";
import type { EmailMessage, ScanSummary } from "../lib/email-templates";
import type { ScanAlertMessage } from "./scan-alerts";

/** A digest lists this many scans and counts the rest. */
const DIGEST_SCAN_LIMIT = 50;
/** The hour, in the company's own time zone, at which the daily digest goes out. */
const DIGEST_HOUR = 8;

const DEVICE_WORDS: Record<string, string> = {
  mobile: "phone",
  tablet: "tablet",
  desktop: "computer",
  bot: "script or bot",
  other: "device",
};

/** Who receives a company's scan emails: the owner, and members who opted in; confirmed, active accounts only. */
async function recipientsOf(db: Database, companyIds: number[]): Promise<Map<number, string[]>> {
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

const placeOf = (city: string | null, country: string | null) => [city, country].filter(Boolean).join(", ") || null;

/** One email per recipient for each scan of a company that chose an email per scan. */
export async function scanAlertEmails(db: Database, alerts: ScanAlertMessage[]): Promise<EmailMessage[]> {
  const companyIds = [...new Set(alerts.map((alert) => alert.companyId))];
  if (companyIds.length === 0) return [];
  const perScan = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.scanAlertMode, "per-scan")));
  const names = new Map(perScan.map((company) => [company.id, company.name]));
  const recipients = await recipientsOf(db, [...names.keys()]);
  return alerts.flatMap(({ companyId, codeId, alert }) => {
    const companyName = names.get(companyId);
    if (!companyName) return [];
    const scan: ScanSummary = {
      at: alert.scan.at,
      codeId,
      codeLabel: alert.code.address || alert.code.reference || alert.code.id,
      place: placeOf(alert.scan.city, alert.scan.country),
      device: DEVICE_WORDS[alert.scan.device] ?? "device",
    };
    return (recipients.get(companyId) ?? []).map(
      (to) => ({ kind: "scan-alert", to, companyName, scan }) satisfies EmailMessage,
    );
  });
}

interface DigestRow extends Record<string, unknown> {
  code_id: number;
  code_label: string;
  scanned_at: string;
  country: string | null;
  city: string | null;
  device_class: string | null;
  total: number;
}

/**
 * The daily digests due at `now`: every company that chose a digest and whose local time is 08:00
 * gets the scans of its previous local day. Claiming a company (lastDigestAt) and reading its scans
 * happen before any email is queued, so a second run in the same hour sends nothing twice.
 */
export async function dueScanDigests(db: Database, now: Date): Promise<EmailMessage[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = await db
    .update(companies)
    .set({ lastDigestAt: at, updatedAt: sql`${companies.updatedAt}` })
    .where(
      and(
        eq(companies.scanAlertMode, "daily"),
        sql`extract(hour from ${at} at time zone ${companies.timeZone}) = ${DIGEST_HOUR}`,
        sql`(${companies.lastDigestAt} is null or ${companies.lastDigestAt} < ${at} - interval '20 hours')`,
      ),
    )
    .returning({ id: companies.id, name: companies.name, timeZone: companies.timeZone });
  const recipients = await recipientsOf(
    db,
    due.map((company) => company.id),
  );
  const digests = await Promise.all(
    due.map(async (company) => {
      const to = recipients.get(company.id) ?? [];
      if (to.length === 0) return [];
      const { rows } = await db.execute<DigestRow>(sql`
        WITH day AS (
          SELECT (date_trunc('day', ${at} AT TIME ZONE ${company.timeZone}) - interval '1 day') AS local_start
        )
        SELECT code.id AS code_id, coalesce(nullif(code.property_address, ''), code.property_reference, code.public_token) AS code_label,
               to_char(scan.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS scanned_at,
               scan.country, scan.city, scan.device_class, count(*) OVER ()::int AS total
        FROM scan_events scan JOIN qr_codes code ON code.id = scan.qr_code_id, day
        WHERE scan.company_id = ${company.id} AND scan.kind = 'scan'
          AND scan.scanned_at >= day.local_start AT TIME ZONE ${company.timeZone}
          AND scan.scanned_at < (day.local_start + interval '1 day') AT TIME ZONE ${company.timeZone}
        ORDER BY scan.scanned_at DESC
        LIMIT ${DIGEST_SCAN_LIMIT}`);
      if (rows.length === 0) return [];
      const scans: ScanSummary[] = rows.map((row) => ({
        at: row.scanned_at,
        codeId: row.code_id,
        codeLabel: row.code_label,
        place: placeOf(row.city, row.country),
        device: DEVICE_WORDS[row.device_class ?? "other"] ?? "device",
      }));
      const day = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: company.timeZone,
      }).format(new Date(now.getTime() - DAY_MS));
      return to.map(
        (address) =>
          ({
            kind: "scan-digest",
            to: address,
            companyName: company.name,
            day,
            scans,
            total: rows[0]!.total,
          }) satisfies EmailMessage,
      );
    }),
  );
  return digests.flat();
}
