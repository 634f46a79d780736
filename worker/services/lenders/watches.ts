import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MAX_ROW_ID } from "#schema/limits.ts";
import { EXPIRING_WITHIN_DAYS, type LetterState, type WatchNoticeKind } from "#schema/limits/lenders.ts";
import { companies, qrCodes, reliances, watches, watchNotices } from "#schema/tables.ts";
import type { PortfolioQuery } from "#schema/validation/reliances.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Database, Queryable, Reader } from "#worker/db.ts";
import { isoText } from "#worker/lib/code-status.ts";
import { countOf, fetchPage, totalColumn, type PageRange } from "#worker/lib/pagination.ts";
import { randomToken } from "#worker/lib/random.ts";
import { badRequest } from "#worker/lib/errors.ts";
import { type Lender } from "./relied-codes";
import {
  findReliedCode,
  maskedReference,
  reliedCodeAnswer,
  reliedCodeColumns,
  verifiedLenderName,
} from "./relied-codes";

/**
 * Watches: the codes a lender follows, and what it was told of them. Every reliance is a watch; a
 * lender may also watch a code it does not rely on. A change to a watched code appends a row of
 * watch_notices in the change's own transaction (./watch-notices sends them), and the Portfolio and
 * the watches feed read those rows.
 */

/** The lender watches the code from now on; watching it again changes nothing. */
export async function ensureWatch(db: Queryable, codeId: number, lender: Lender) {
  await db
    .insert(watches)
    .values({ publicId: randomToken(20), codeId, lenderCompanyId: lender.companyId, createdBy: lender.userId })
    .onConflictDoNothing();
}

/** POST /api/watches: watch a code without relying on it (a verified lender only, as for reliance). */
export async function watchCode(db: Database, lender: Lender, typed: string) {
  await verifiedLenderName(db, lender.companyId);
  const code = await findReliedCode(db, typed);
  await ensureWatch(db, code.id, lender);
  const [watch] = await watchedCodes(db, lender.companyId, { where: eq(watches.codeId, code.id) });
  return withoutRowId(watch!);
}

const successor = alias(qrCodes, "successor");

/** The last notice of the watch, and when the watch last changed (made, or told of something). */
const lastNotice = sql<{ kind: WatchNoticeKind; at: string } | null>`(
  SELECT json_build_object('kind', notice.kind, 'at', ${sql.raw(isoText("notice.created_at"))})
  FROM ${watchNotices} notice WHERE notice.watch_id = ${watches.id}
  ORDER BY notice.created_at DESC, notice.id DESC LIMIT 1)`;
const changedAtSql = sql`greatest(${watches.createdAt},
  (SELECT max(notice.created_at) FROM ${watchNotices} notice WHERE notice.watch_id = ${watches.id}))`;

/** The lender's reliances on the watched code, oldest first, references only masked. */
const watchReliances = sql<{ id: string; referenceHint: string; amount: string; reliedOn: string }[]>`coalesce((
  SELECT json_agg(json_build_object('id', r.public_id, 'referenceHint', r.reference_hint,
    'amount', r.amount::text, 'reliedOn', ${sql.raw(isoText("r.relied_on"))}) ORDER BY r.created_at, r.id)
  FROM ${reliances} r WHERE r.code_id = ${watches.codeId} AND r.lender_company_id = ${watches.lenderCompanyId}), '[]'::json)`;

/** The lender's reliance-letter request on the code and the issuer's answer, if it asked. */
const watchLetter = sql<{
  state: LetterState;
  requestedAt: string;
  relianceUntil: string | null;
  reason: string | null;
} | null>`(
  SELECT json_build_object('state', coalesce(d.decision, 'requested'), 'requestedAt', ${sql.raw(isoText("q.created_at"))},
    'relianceUntil', ${sql.raw(isoText("d.reliance_until"))}, 'reason', d.reason)
  FROM reliance_letter_requests q LEFT JOIN reliance_letter_decisions d ON d.request_id = q.id
  WHERE q.code_id = ${watches.codeId} AND q.lender_company_id = ${watches.lenderCompanyId})`;

/** The Portfolio's one filter: a status, or the valid codes that expire within 30 days. */
export function portfolioFilter(show: PortfolioQuery["show"]): SQL | undefined {
  if (!show) return undefined;
  const status = reliedCodeColumns.status;
  if (show !== "expiring") return sql`${status} = ${show}`;
  const companyZone = sql`(SELECT time_zone FROM ${companies} WHERE ${companies.id} = ${qrCodes.companyId})`;
  return sql`${status} = 'valid' AND (${qrCodes.validUntil} AT TIME ZONE 'UTC')::date
    < (now() AT TIME ZONE ${companyZone})::date + ${EXPIRING_WITHIN_DAYS + 1}::int`;
}

interface WatchSelection {
  where?: SQL;
  range?: PageRange;
  /** The watches feed reads oldest change first; the Portfolio and its file newest watch first. */
  order?: "changed" | "newest";
}

/** A watched code as the answers carry it: without the row id and exact time that only cursors use. */
const withoutRowId = <Row extends { rowId: number; changedAtExact: string }>({
  rowId: _rowId,
  changedAtExact: _changedAtExact,
  ...watch
}: Row) => watch;

/** The lender's own watches that `where` matches, never another lender's. */
const lenderWatches = (lenderCompanyId: number, where: SQL | undefined) =>
  and(eq(watches.lenderCompanyId, lenderCompanyId), where);

/** What a watched code's row reads: the watch, the code as relied on, its successor, reliances and letter. */
const watchColumns = {
  rowId: watches.id,
  id: watches.publicId,
  code: reliedCodeColumns,
  watchingSince: watches.createdAt,
  changedAt: sql<Date>`${changedAtSql}`.mapWith((value: string) => new Date(value)),
  changedAtExact: sql<string>`to_char(${changedAtSql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  lastChange: lastNotice,
  supersededBy: { token: successor.publicToken, verificationCode: successor.verificationCode },
  reliances: watchReliances,
  letter: watchLetter,
};

/** The rows of the lender's watches that `selection` matches, in order; without the list's total. */
function watchRows(db: Reader, selection: SQL | undefined, { range, order = "newest" }: WatchSelection) {
  const query = db
    .select(watchColumns)
    .from(watches)
    .innerJoin(qrCodes, eq(qrCodes.id, watches.codeId))
    .leftJoin(successor, eq(successor.id, qrCodes.supersededById))
    .where(selection)
    .orderBy(...(order === "changed" ? [sql`${changedAtSql}`, watches.id] : [desc(watches.id)]));
  return range ? query.limit(range.limit).offset(range.offset) : query;
}

type WatchRow = Awaited<ReturnType<typeof watchRows>>[number];

/** A row as the answers carry it (other columns, a page's total say, pass through). */
const watchedCode = <Row extends WatchRow>({ code, supersededBy, reliances: relied, letter, ...watch }: Row) => ({
  ...watch,
  code: reliedCodeAnswer(code),
  supersededBy:
    code.status === "superseded" && supersededBy?.token
      ? { token: supersededBy.token, verificationCode: formatVerificationCode(supersededBy.verificationCode) }
      : null,
  reliances: relied.map(({ referenceHint, ...reliance }) => ({
    ...reliance,
    currency: code.currency,
    maskedReference: maskedReference(referenceHint),
  })),
  letter,
});

/** The lender's watched codes as its screens and API show them; never another lender's. */
export async function watchedCodes(db: Reader, lenderCompanyId: number, selection: WatchSelection = {}) {
  const rows = await watchRows(db, lenderWatches(lenderCompanyId, selection.where), selection);
  return rows.map(watchedCode);
}

const countWatchesQuery = (db: Reader, selection: SQL | undefined) =>
  db
    .select({ total: sql<number>`count(*)` })
    .from(watches)
    .innerJoin(qrCodes, eq(qrCodes.id, watches.codeId))
    .where(selection);

/** GET /api/watches: one page of the Portfolio, newest watch first, with its one filter. */
export function portfolioPage(db: Reader, lenderCompanyId: number, query: PortfolioQuery) {
  const where = portfolioFilter(query.show);
  return fetchPage(
    query.page ?? 1,
    query.pageSize ?? 25,
    async (range) => {
      // Each row carries the selection's total, so page and total come from one statement (pageOfRows).
      const selection = lenderWatches(lenderCompanyId, where);
      const rows = await db
        .select({ ...watchColumns, total: totalColumn(countWatchesQuery(db, selection)) })
        .from(watches)
        .innerJoin(qrCodes, eq(qrCodes.id, watches.codeId))
        .leftJoin(successor, eq(successor.id, qrCodes.supersededById))
        .where(selection)
        .orderBy(desc(watches.id))
        .limit(range.limit)
        .offset(range.offset);
      return rows.map((row) => withoutRowId(watchedCode(row)));
    },
    () => countOf(countWatchesQuery(db, lenderWatches(lenderCompanyId, where))),
  );
}

/** The watches feed answers at most this many changes; `hasMore` says to ask again at once. */
export const WATCH_FEED_LIMIT = 500;

/** Where a poller stands in the feed: the last change it got, exact to the microsecond, and its watch. */
interface FeedPosition {
  at: string;
  rowId: number;
}

/** base64url, so the cursor needs no escaping in a query string. */
const encodeCursor = ({ at, rowId }: FeedPosition) =>
  btoa(`${at}|${rowId}`).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");

const NOT_A_CURSOR = "cursor: Send back a cursor this feed answered";

function decodeCursor(cursor: string): FeedPosition {
  let text: string;
  try {
    text = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    throw badRequest("Validation failed", [NOT_A_CURSOR]);
  }
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,10})$/.exec(text);
  // A tampered cursor may have the shape and still name no moment (month 13) or no row (past int4).
  const at = match ? new Date(`${match[1]!.slice(0, 23)}Z`) : null;
  if (!match || !at || Number.isNaN(at.getTime()) || !match[1]!.startsWith(at.toISOString().slice(0, 23)))
    throw badRequest("Validation failed", [NOT_A_CURSOR]);
  const rowId = Number(match[2]);
  if (rowId > MAX_ROW_ID) throw badRequest("Validation failed", [NOT_A_CURSOR]);
  return { at: match[1]!, rowId };
}

/**
 * GET /api/v1/watches: the watched codes that changed after the poller's `cursor` (or after
 * `changedSince`, or every watch without either), oldest change first, in (change time, watch)
 * order, with the cursor to ask from next. Times are compared to the microsecond, and ties are
 * broken by the watch, so a large batch of changes at one moment (a suspension, the cron's expiry
 * run) is paged through without loss or repetition.
 */
export async function watchFeed(
  db: Reader,
  lenderCompanyId: number,
  { changedSince, cursor }: { changedSince?: Date; cursor?: string },
) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const where = after
    ? sql`(${changedAtSql}, ${watches.id}) > (${after.at}::timestamptz, ${after.rowId})`
    : changedSince
      ? sql`${changedAtSql} > ${changedSince.toISOString()}::timestamptz`
      : undefined;
  const rows = await watchedCodes(db, lenderCompanyId, {
    where,
    order: "changed",
    range: { limit: WATCH_FEED_LIMIT + 1, offset: 0 },
  });
  const items = rows.slice(0, WATCH_FEED_LIMIT);
  const last = items.at(-1);
  return {
    items: items.map(withoutRowId),
    hasMore: rows.length > WATCH_FEED_LIMIT,
    cursor: last ? encodeCursor({ at: last.changedAtExact, rowId: last.rowId }) : (cursor ?? null),
  };
}
