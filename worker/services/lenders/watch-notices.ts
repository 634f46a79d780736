import { sql, type SQL } from "drizzle-orm";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { formatDate } from "#schema/format-date.ts";
import { LOCALES, type Language } from "#schema/language.ts";
import type { WatchNoticeKind } from "#schema/limits/lenders.ts";
import type { CodeStatusName, IssuerTrust } from "#schema/limits/codes.ts";
import type { ValuerRegisterCheck } from "#schema/valuer-register.ts";
import { codeStatusExpression } from "#worker/lib/code-status.ts";
import { issuerTrustExpression } from "#worker/lib/issuer-trust.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Database, Queryable, TransactionalDatabase } from "#worker/db.ts";
import type { Bindings } from "#worker/bindings.ts";
import type { EmailMessage, WatchedCodeSummary } from "#worker/lib/email-templates.ts";
import { idArray } from "#worker/lib/statement-parts.ts";
import { queueEmailsNow } from "../email/email";
import {
  type Outbox,
  claimAndQueueDeliveries,
  recordWebhookEvents,
  rowsOf,
  type WebhookEventInput,
} from "../integration/webhooks";

/**
 * Telling lenders that a code they watch changed. The change's transaction appends one notice per
 * watching lender (`noticeWatchers`) and records the lenders' webhook events beside it; once it has
 * committed, `sendWatchNotices` emails every confirmed, active user of each lender and marks the
 * notices emailed. The hourly cron (`sweepWatchNotices`) adds the expiry notices, which no request
 * makes, and sends any notice a request could not.
 */

/**
 * Which watches a change concerns: one code's (only those of lenders that rely on it, and not one
 * lender's, when `relyingOnly` and `exceptLenderId` say so), every code of an issuer ValuSeal
 * suspended, or every unexpired, standing code signed by a valuer the register no longer lists.
 */
type NoticeTarget =
  | { codeId: number; relyingOnly?: boolean; exceptLenderId?: number }
  | { issuerCompanyId: number }
  | { valuerId: number; register: DeregisteredValuer };

/** What a lender's event says of a valuer a new snapshot removed or suspended. */
interface DeregisteredValuer {
  name: string;
  registrationNumber: string;
  result: "removed" | "suspended";
  register: string;
  publishedOn: string;
}

/** A code as a lender's events name it: its public address and what its certificate shows. */
const lenderCodeJson = (code: string) =>
  sql.raw(`jsonb_build_object(
    'id', ${code}.public_token,
    'url', ${code}.qr_code_data,
    'verificationCode', ${code}.verification_code,
    'issuerName', ${code}.issuer_name,
    'address', ${code}.property_address,
    'validUntil', to_char(${code}.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`);

interface NoticeRow {
  notice_id: string;
  watch_id: string;
  lender_company_id: number;
  code_id: number;
  code: LenderCode;
  reason: string | null;
  superseded_by: LenderCode | null;
  suspended_at: string | null;
}

interface LenderCode {
  id: string;
  url: string;
  verificationCode: string | null;
  issuerName: string;
  address: string;
  validUntil: string;
}

/** Rows in groups by a key, groups in the order their first row came (Map.groupBy, not in the Workers' types yet). */
function groupBy<Row, Key>(rows: Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

const formattedCode = (code: LenderCode): LenderCode => ({
  ...code,
  verificationCode: code.verificationCode && formatVerificationCode(code.verificationCode),
});

/** The webhook events a lender's endpoints get for its notices; a suspension is one event per lender. */
function lenderEvents(kind: WatchNoticeKind, rows: NoticeRow[], target: NoticeTarget): WebhookEventInput[] {
  if (kind === "issuer.suspended") {
    const byLender = groupBy(rows, (row) => row.lender_company_id);
    return [...byLender].map(([lenderCompanyId, lenderRows]) => ({
      companyId: lenderCompanyId,
      type: kind,
      codeId: null,
      data: {
        issuerName: lenderRows[0]!.code.issuerName,
        suspendedAt: lenderRows[0]!.suspended_at,
        codes: lenderRows.map((row) => ({ watchId: row.watch_id, ...formattedCode(row.code) })),
      },
    }));
  }
  return rows.map((row) => ({
    companyId: row.lender_company_id,
    type: kind,
    codeId: row.code_id,
    data: {
      watchId: row.watch_id,
      code: formattedCode(row.code),
      ...(kind === "code.revoked" || kind === "code.superseded" || kind === "code.reinstated"
        ? { reason: row.reason }
        : {}),
      ...(kind === "code.superseded" && row.superseded_by ? { supersededBy: formattedCode(row.superseded_by) } : {}),
      ...("register" in target ? { valuer: target.register } : {}),
    },
  }));
}

/**
 * Appends a notice of `kind` for every lender watching the target, records the lenders' webhook
 * events, and hands the notices to the outbox (emailed once the transaction has committed). Runs in
 * the change's transaction, so a change and its notices commit together.
 */
export async function noticeWatchers(db: Queryable, outbox: Outbox, kind: WatchNoticeKind, target: NoticeTarget) {
  const ids = await appendNotices(db, kind, target);
  outbox.watchNoticeIds.push(...ids.noticeIds);
  await outbox.record(db, ids.events);
}

async function appendNotices(db: Queryable, kind: WatchNoticeKind, target: NoticeTarget, extraWhere?: SQL) {
  const which =
    "codeId" in target
      ? sql`code.id = ${target.codeId}
        ${target.exceptLenderId ? sql`AND watch.lender_company_id <> ${target.exceptLenderId}` : sql``}
        ${target.relyingOnly ? sql`AND EXISTS (SELECT 1 FROM reliances r WHERE r.code_id = code.id AND r.lender_company_id = watch.lender_company_id)` : sql``}`
      : "valuerId" in target
        ? sql`code.valuer_id = ${target.valuerId} AND code.revoked_at IS NULL AND code.valid_until >= now()`
        : sql`code.company_id = ${target.issuerCompanyId}`;
  const result = await db.execute(sql`
    WITH notice AS (
      INSERT INTO watch_notices (watch_id, kind)
      SELECT watch.id, ${kind} FROM watches watch JOIN qr_codes code ON code.id = watch.code_id
      WHERE ${which} ${extraWhere ?? sql``}
      ON CONFLICT DO NOTHING
      RETURNING id, watch_id
    )
    SELECT notice.id AS notice_id, watch.public_id AS watch_id, watch.lender_company_id, code.id AS code_id,
      ${lenderCodeJson("code")} AS code, code.revoked_reason AS reason,
      CASE WHEN successor.id IS NULL THEN NULL ELSE ${lenderCodeJson("successor")} END AS superseded_by,
      to_char(issuer.suspended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS suspended_at
    FROM notice
    JOIN watches watch ON watch.id = notice.watch_id
    JOIN qr_codes code ON code.id = watch.code_id
    JOIN companies issuer ON issuer.id = code.company_id
    LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
    ORDER BY notice.id`);
  const rows = rowsOf<NoticeRow>(result);
  return { noticeIds: rows.map((row) => Number(row.notice_id)), events: lenderEvents(kind, rows, target) };
}

interface NoticeEmailRow {
  notice_id: string;
  kind: WatchNoticeKind;
  lender_company_id: number;
  lender_name: string;
  issuer_name: string;
  verification_code: string | null;
  address: string;
  valid_until: string;
  reason: string | null;
  replacement: string | null;
  valuer: string;
  status: CodeStatusName;
  issuer_trust: IssuerTrust;
  valuer_register_check: ValuerRegisterCheck | null;
  issuer_suspended_at: string | null;
  recipients: { email: string; language: Language }[];
}

/**
 * Emails the lenders' users about the notices (one email per user, kind and issuer, listing the
 * codes). The notices are claimed first (marked emailed in the statement that reads them), so two
 * senders at once (a request and the cron) never both send one; if the queue refuses the emails,
 * the claim is given back for the cron to try again, and the failure is thrown.
 */
export async function sendWatchNotices(env: Pick<Bindings, "EMAILS">, db: Queryable, noticeIds: number[]) {
  if (noticeIds.length === 0) return 0;
  const result = await db.execute(sql`
    WITH notice AS (
      UPDATE watch_notices SET emailed_at = now()
      WHERE id = ANY(${idArray(noticeIds)}::bigint[]) AND emailed_at IS NULL
      RETURNING id, kind, watch_id
    )
    SELECT notice.id AS notice_id, notice.kind, lender.id AS lender_company_id, lender.name AS lender_name,
      code.issuer_name, code.verification_code, code.property_address AS address,
      to_char(code.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS valid_until,
      code.revoked_reason AS reason, successor.verification_code AS replacement,
      concat_ws(', ', code.valuer_name, code.valuer_registration_number) AS valuer,
      ${sql.raw(codeStatusExpression("code", "issuer.time_zone"))} AS status,
      ${sql.raw(issuerTrustExpression("code", "issuer.suspended_at"))} AS issuer_trust,
      code.valuer_register_check, issuer.suspended_at AS issuer_suspended_at,
      coalesce((SELECT jsonb_agg(jsonb_build_object('email', member.email, 'language', member.language) ORDER BY member.id)
        FROM users member
        WHERE member.company_id = lender.id AND member.is_active AND member.email_verified_at IS NOT NULL), '[]') AS recipients
    FROM notice
    JOIN watches watch ON watch.id = notice.watch_id
    JOIN companies lender ON lender.id = watch.lender_company_id
    JOIN qr_codes code ON code.id = watch.code_id
    JOIN companies issuer ON issuer.id = code.company_id
    LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
    ORDER BY notice.id`);
  const rows = rowsOf<NoticeEmailRow>(result);
  if (rows.length === 0) return 0;
  const groups = groupBy(rows, (row) => `${row.lender_company_id}|${row.kind}|${row.issuer_name}`);
  const messages: EmailMessage[] = [...groups.values()].flatMap((group) => {
    const [first] = group as [NoticeEmailRow];
    // The codes as each language names them: the certificate's headline is said in the reader's words.
    const codesIn = (language: Language): WatchedCodeSummary[] =>
      group.map((row) => ({
        verificationCode: row.verification_code ? formatVerificationCode(row.verification_code) : null,
        address: row.address,
        validUntil: row.valid_until,
        reason: row.reason,
        replacement: row.replacement ? formatVerificationCode(row.replacement) : null,
        valuer: row.valuer || null,
        // The certificate's headline as it reads now, by its one rule (schema/certificate-verdict.ts).
        certificateSays: verdictHeadline(
          language,
          certificateVerdict(row.status, row.issuer_trust, row.valuer_register_check?.result ?? null).headline,
          row.issuer_suspended_at ? formatDate(row.issuer_suspended_at, "long", LOCALES[language]) : null,
        ),
      }));
    // Each language's list is built once, however many of the lender's people read it.
    const codesByLanguage = new Map<Language, WatchedCodeSummary[]>();
    return first.recipients.map(({ email, language }) => {
      if (!codesByLanguage.has(language)) codesByLanguage.set(language, codesIn(language));
      return {
        kind: "watch-notice" as const,
        to: email,
        language,
        lenderName: first.lender_name,
        change: first.kind,
        issuerName: first.issuer_name,
        codes: codesByLanguage.get(language)!,
      };
    });
  });
  try {
    await queueEmailsNow(env as Bindings, messages);
  } catch (error) {
    await db.execute(sql`UPDATE watch_notices SET emailed_at = NULL
      WHERE id = ANY(${idArray(rows.map((row) => Number(row.notice_id)))}::bigint[])`);
    throw error;
  }
  return rows.length;
}

/** Notices older than this and still not emailed were lost by their request; the cron sends them. */
const UNSENT_AFTER_MINUTES = 10;
const SWEEP_LIMIT = 1000;

/** A watch made after its code expired was never of a valid code: its lender is not told it expired. */
const WATCHED_BEFORE_EXPIRY = sql`AND watch.created_at < code.valid_until + interval '1 day'`;

/**
 * The hourly cron: tells the watching lenders of codes that expired (by the issuer's calendar, as a
 * code's status counts it) in the past week, once each, with their webhook events in the same
 * transaction; then emails every notice a request could not.
 */
export async function sweepWatchNotices(
  db: Database,
  transactional: () => TransactionalDatabase,
  env: Pick<Bindings, "EMAILS" | "WEBHOOKS">,
) {
  const expiredWatches = await db.execute(sql`
    SELECT DISTINCT watch.code_id FROM watches watch
    JOIN qr_codes code ON code.id = watch.code_id
    JOIN companies issuer ON issuer.id = code.company_id
    WHERE code.revoked_at IS NULL
      AND (code.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE issuer.time_zone)::date
      AND (code.valid_until AT TIME ZONE 'UTC')::date > (now() AT TIME ZONE issuer.time_zone)::date - 7
      ${WATCHED_BEFORE_EXPIRY}
      AND NOT EXISTS (SELECT 1 FROM watch_notices notice WHERE notice.watch_id = watch.id AND notice.kind = 'code.expired')
    LIMIT ${SWEEP_LIMIT}`);
  const codeIds = rowsOf<{ code_id: number }>(expiredWatches).map((row) => row.code_id);
  const deliveries =
    codeIds.length === 0
      ? []
      : await transactional().transaction(async (tx) => {
          const recorded: number[] = [];
          for (const codeId of codeIds) {
            const { events } = await appendNotices(tx, "code.expired", { codeId }, WATCHED_BEFORE_EXPIRY);
            recorded.push(...(await recordWebhookEvents(tx, events)));
          }
          return recorded;
        });
  await claimAndQueueDeliveries(env, db, deliveries);
  const unsent = await db.execute(sql`
    SELECT id FROM watch_notices WHERE emailed_at IS NULL
      AND (kind = 'code.expired' OR created_at < now() - make_interval(mins => ${UNSENT_AFTER_MINUTES}))
    ORDER BY created_at LIMIT ${SWEEP_LIMIT}`);
  const emailed = await sendWatchNotices(
    env,
    db,
    rowsOf<{ id: string }>(unsent).map((row) => Number(row.id)),
  );
  return { expired: codeIds.length, emailed };
}
