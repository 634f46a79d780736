import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { formatDate } from "#schema/format-date.ts";
import { csvField, type CsvCell } from "#schema/csv.ts";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import { codeScanDays, creditEntries, purchases, qrCodes, receipts, scanEvents, watches } from "#schema/tables.ts";
import type { CodesExportQuery } from "#schema/validation/exports.ts";
import type { PortfolioView } from "#schema/validation/reliances.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Reader } from "#worker/db.ts";
import { codeStatusColumn } from "#worker/lib/code-status.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { verificationAddress } from "#worker/lib/public-address.ts";
import { listFilter } from "../codes/qr-codes";
import { scanColumns } from "../scans/scans";
import { portfolioFilter, watchedCodes } from "../lenders/watches";
import { scanCountColumn } from "#worker/lib/scan-count-shards.ts";

/**
 * CSV exports of a company's codes and scans, streamed: the file is written one batch of rows at a
 * time as the reader takes it, each batch read by a keyset (the last row's time and id, exact to the
 * microsecond as the database keeps them), so 100,000 rows never sit in memory and no row is read
 * twice. The batches are separate reads: a row written during the export with a time already
 * passed (rare: times are the database's clock at insert) may be left out, and a code's status is as
 * of its batch. UTF-8 with a byte order mark (spreadsheets then read
 * accents and Swahili correctly), a header row, CRLF line ends, times in ISO 8601 UTC, days as
 * YYYY-MM-DD, amounts as plain decimals without thousands separators.
 */
export const EXPORT_BATCH_ROWS = 1000;

const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvField).join(",")}\r\n`;

interface Cursor {
  at: string;
  id: number;
}

interface Batch {
  lines: CsvCell[][];
  next: Cursor | null;
}

/**
 * A byte stream of the header and then every batch, each read only when the reader wants more. A
 * batch that fails after the answer has started can only end the file early: it is logged, and the
 * stream is errored, so the download fails rather than looking complete.
 */
function csvStream(header: readonly string[], readBatch: (after: Cursor | null) => Promise<Batch>) {
  const encoder = new TextEncoder();
  let after: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      let batch: Batch;
      try {
        batch = await readBatch(after);
      } catch (error) {
        console.error("export stopped part way", error);
        controller.error(error);
        return;
      }
      if (batch.lines.length > 0) controller.enqueue(encoder.encode(batch.lines.map(csvLine).join("")));
      if (!batch.next) controller.close();
      after = batch.next;
    },
  });
}

/**
 * The most rows one file may hold: each thousand is a query of the same request, and a request has
 * a bounded number of them. A larger export is refused before it starts, with the way to narrow it.
 */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * Counts the rows up to one past the cap (an index range, stopping there) before anything is sent:
 * a file that would be cut short is refused with a 422, and a database that cannot answer fails
 * the request with the API's error instead of an empty download.
 */
async function assertWithinCap(db: Reader, table: AnyPgTable, where: SQL | undefined, narrowWith: string) {
  const [row] = await db.select({ rows: sql<number>`count(*)`.mapWith(Number) }).from(
    sql`(${db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(EXPORT_MAX_ROWS + 1)}) AS capped`,
  );
  if ((row?.rows ?? 0) > EXPORT_MAX_ROWS) {
    throw new ApiError(
      422,
      `This export has more than ${EXPORT_MAX_ROWS.toLocaleString("en-GB")} rows: narrow it with ${narrowWith}`,
    );
  }
}

/** Rows strictly older than the cursor in (time, id) order, newest first. */
const before = (time: AnyPgColumn, id: AnyPgColumn, after: Cursor) =>
  sql`(${time}, ${id}) < (${after.at}::timestamptz, ${after.id})`;

/** A row's time as the keyset's cursor: UTC to the microsecond, whatever the session's settings. */
const cursorText = (time: AnyPgColumn) =>
  sql<string>`to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const isoTime = (value: Date | null) => (value ? value.toISOString() : null);
const isoDay = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

export const CODE_EXPORT_HEADER = [
  "verification_code",
  "certificate_address",
  "status",
  "scans",
  "property_type",
  "property_address",
  "property_reference",
  "property_description",
  "title_number",
  "market_value",
  "forced_sale_value",
  "currency",
  "valuation_date",
  "inspection_date",
  "valid_until",
  "prepared_for",
  "purpose",
  "signing_valuer",
  "created_at",
  "revoked_at",
  "revoked_reason",
] as const;

/** Every code of the company that History's filters match, newest first, with its status and scan total. */
export async function codesCsv(db: Reader, companyId: number, query: CodesExportQuery) {
  const where = listFilter(companyId, query);
  await assertWithinCap(db, qrCodes, where, "History's filters");
  return csvStream(CODE_EXPORT_HEADER, async (after) => {
    const rows = await db
      .select({
        id: qrCodes.id,
        cursorAt: cursorText(qrCodes.createdAt),
        verificationCode: qrCodes.verificationCode,
        address: qrCodes.qrCodeData,
        status: codeStatusColumn(),
        scans: scanCountColumn(),
        propertyType: qrCodes.propertyType,
        propertyAddress: qrCodes.propertyAddress,
        propertyReference: qrCodes.propertyReference,
        propertyArea: qrCodes.propertyArea,
        titleNumber: qrCodes.titleNumber,
        marketValue: qrCodes.marketValue,
        forcedSaleValue: qrCodes.forcedSaleValue,
        currency: qrCodes.currency,
        valuationDate: qrCodes.valuationDate,
        inspectionDate: qrCodes.inspectionDate,
        validUntil: qrCodes.validUntil,
        addressee: qrCodes.addressee,
        purpose: qrCodes.purpose,
        valuerName: qrCodes.valuerName,
        createdAt: qrCodes.createdAt,
        revokedAt: qrCodes.revokedAt,
        revokedReason: qrCodes.revokedReason,
      })
      .from(qrCodes)
      .where(and(where, after ? before(qrCodes.createdAt, qrCodes.id, after) : undefined))
      .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
      .limit(EXPORT_BATCH_ROWS);
    const last = rows.at(-1);
    return {
      lines: rows.map((row) => [
        row.verificationCode ? formatVerificationCode(row.verificationCode) : null,
        row.address,
        row.status,
        row.scans,
        row.propertyType,
        row.propertyAddress || null,
        row.propertyReference,
        row.propertyArea,
        row.titleNumber,
        row.marketValue,
        row.forcedSaleValue,
        row.currency,
        isoDay(row.valuationDate),
        isoDay(row.inspectionDate),
        isoDay(row.validUntil),
        row.addressee,
        row.purpose,
        row.valuerName,
        isoTime(row.createdAt),
        isoTime(row.revokedAt),
        row.revokedReason,
      ]),
      next: last && rows.length === EXPORT_BATCH_ROWS ? { at: last.cursorAt, id: last.id } : null,
    };
  });
}

export const SCAN_EXPORT_HEADER = [
  "scanned_at",
  "verification_code",
  "property",
  "kind",
  "counted",
  "country",
  "city",
  "device",
  "page",
  "copy_check",
] as const;

/**
 * The company's scans (of one code when `codeId` is given), newest first, from `since` on: what the
 * scan log screens show, without the visitor's hash (it identifies a device across codes).
 */
export async function scansCsv(db: Reader, companyId: number, filter: { codeId?: number; since?: Date }) {
  const where = and(
    eq(scanEvents.companyId, companyId),
    filter.codeId === undefined ? undefined : eq(scanEvents.qrCodeId, filter.codeId),
    filter.since ? gte(scanEvents.scannedAt, filter.since) : undefined,
  );
  await assertWithinCap(db, scanEvents, where, "a code or a since day");
  return csvStream(SCAN_EXPORT_HEADER, async (after) => {
    const rows = await db
      .select({
        id: scanEvents.id,
        cursorAt: cursorText(scanEvents.scannedAt),
        ...scanColumns,
        verificationCode: qrCodes.verificationCode,
        propertyAddress: qrCodes.propertyAddress,
        propertyReference: qrCodes.propertyReference,
      })
      .from(scanEvents)
      .leftJoin(qrCodes, eq(qrCodes.id, scanEvents.qrCodeId))
      .where(and(where, after ? before(scanEvents.scannedAt, scanEvents.id, after) : undefined))
      .orderBy(desc(scanEvents.scannedAt), desc(scanEvents.id))
      .limit(EXPORT_BATCH_ROWS);
    const last = rows.at(-1);
    return {
      lines: rows.map((row) => [
        isoTime(row.at),
        row.verificationCode ? formatVerificationCode(row.verificationCode) : null,
        row.propertyAddress || row.propertyReference,
        row.kind,
        row.counted,
        row.country,
        row.city,
        row.deviceClass,
        row.page,
        row.checkVerdict,
      ]),
      next: last && rows.length === EXPORT_BATCH_ROWS ? { at: last.cursorAt, id: last.id } : null,
    };
  });
}

export const SCAN_DAYS_EXPORT_HEADER = ["day", "verification_code", "counted", "visits", "visitors"] as const;

/**
 * The company's scans as daily counts per code, newest day first: what outlives the scan log's
 * retention (decision 064), and all a firm's data export carries of its scanners. Today's row is
 * the day so far (decision 070: the scan function adds each batch to it as it counts it).
 */
export function scanDaysCsv(db: Reader, companyId: number) {
  return csvStream(SCAN_DAYS_EXPORT_HEADER, async (after) => {
    const rows = await db
      .select({
        codeId: codeScanDays.codeId,
        day: sql<string>`${codeScanDays.day}::text`,
        counted: codeScanDays.counted,
        visits: codeScanDays.visits,
        visitors: codeScanDays.visitors,
        verificationCode: qrCodes.verificationCode,
      })
      .from(codeScanDays)
      .innerJoin(qrCodes, eq(qrCodes.id, codeScanDays.codeId))
      .where(
        and(
          eq(codeScanDays.companyId, companyId),
          after ? sql`(${codeScanDays.day}, ${codeScanDays.codeId}) < (${after.at}::date, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(codeScanDays.day), desc(codeScanDays.codeId))
      .limit(EXPORT_BATCH_ROWS);
    const last = rows.at(-1);
    return {
      lines: rows.map((row) => [
        row.day,
        row.verificationCode ? formatVerificationCode(row.verificationCode) : null,
        row.counted,
        row.visits,
        row.visitors,
      ]),
      next: last && rows.length === EXPORT_BATCH_ROWS ? { at: last.day, id: last.codeId } : null,
    };
  });
}

export const PORTFOLIO_EXPORT_HEADER = [
  "verification_code",
  "address",
  "status",
  "certificate_says",
  "issuer",
  "property",
  "market_value",
  "currency",
  "valuation_date",
  "valid_until",
  "loan_references",
  "amounts_lent",
  "reliance_letter",
  "replaced_by",
  "revoked_reason",
  "watching_since",
  "last_change",
  "last_change_at",
] as const;

/**
 * A lender's Portfolio with its filter, newest watch first: loan references masked as on screen,
 * a code's several reliances in one cell each ("; " between them).
 */
export async function portfolioCsv(
  db: Reader,
  origin: string,
  lenderCompanyId: number,
  show: PortfolioView | undefined,
) {
  await assertWithinCap(db, watches, eq(watches.lenderCompanyId, lenderCompanyId), "the Portfolio's filter");
  const filter = portfolioFilter(show);
  return csvStream(PORTFOLIO_EXPORT_HEADER, async (after) => {
    const rows = await watchedCodes(db, lenderCompanyId, {
      where: and(filter, after ? lt(watches.id, after.id) : undefined),
      range: { limit: EXPORT_BATCH_ROWS, offset: 0 },
    });
    const last = rows.at(-1);
    return {
      lines: rows.map((row) => [
        row.code.verificationCode,
        verificationAddress(origin, row.code.token),
        row.code.status,
        // The certificate's own headline, so an amber code reads as the certificate says in a spreadsheet too.
        verdictHeadline(
          "en",
          certificateVerdict(row.code.status, row.code.issuerTrust, row.code.valuerRegisterCheck?.result ?? null)
            .headline,
          row.code.issuerSuspendedAt ? formatDate(row.code.issuerSuspendedAt) : null,
        ),
        row.code.issuerName,
        row.code.property,
        row.code.marketValue,
        row.code.currency,
        isoDay(row.code.valuationDate),
        isoDay(row.code.validUntil),
        row.reliances.map((reliance) => reliance.maskedReference).join("; ") || null,
        row.reliances.map((reliance) => reliance.amount).join("; ") || null,
        row.letter ? [row.letter.state, row.letter.relianceUntil?.slice(0, 10)].filter(Boolean).join(" until ") : null,
        row.supersededBy?.verificationCode ?? null,
        row.code.status === "valid" || row.code.status === "expired" ? null : row.code.revokedReason,
        isoTime(row.watchingSince),
        row.lastChange?.kind ?? null,
        row.lastChange?.at ?? null,
      ]),
      next: last && rows.length === EXPORT_BATCH_ROWS ? { at: "", id: last.rowId } : null,
    };
  });
}

export const LEDGER_EXPORT_HEADER = [
  "at",
  "kind",
  "credits",
  "balance_after",
  "code",
  "purchase",
  "receipt",
  "reason",
] as const;

/**
 * A firm's credit ledger, newest first, as its accountant reads it: each change with the balance it
 * left, the code an issue paid for (its verification code) and the purchase and receipt a top-up
 * came from.
 */
export async function ledgerCsv(db: Reader, companyId: number) {
  await assertWithinCap(db, creditEntries, eq(creditEntries.companyId, companyId), "a shorter period");
  return csvStream(LEDGER_EXPORT_HEADER, async (after) => {
    const rows = await db
      .select({
        id: creditEntries.id,
        at: creditEntries.createdAt,
        kind: creditEntries.kind,
        credits: creditEntries.credits,
        balanceAfter: creditEntries.balanceAfter,
        verificationCode: qrCodes.verificationCode,
        purchase: purchases.publicId,
        receipt: sql<string | null>`${receipts.document}->>'number'`,
        reason: creditEntries.reason,
      })
      .from(creditEntries)
      .leftJoin(qrCodes, eq(qrCodes.id, creditEntries.codeId))
      .leftJoin(purchases, eq(purchases.id, creditEntries.purchaseId))
      .leftJoin(receipts, eq(receipts.purchaseId, creditEntries.purchaseId))
      .where(and(eq(creditEntries.companyId, companyId), after ? lt(creditEntries.id, after.id) : undefined))
      .orderBy(desc(creditEntries.id))
      .limit(EXPORT_BATCH_ROWS);
    const last = rows.at(-1);
    return {
      lines: rows.map((row) => [
        isoTime(row.at),
        row.kind,
        row.credits,
        row.balanceAfter,
        row.verificationCode ? formatVerificationCode(row.verificationCode) : null,
        row.purchase,
        row.receipt,
        row.reason,
      ]),
      next: last && rows.length === EXPORT_BATCH_ROWS ? { at: "", id: last.id } : null,
    };
  });
}

/** The file name a download is saved under: what it holds and the day (UTC) it was made. */
export const exportFileName = (what: "codes" | "scans" | "portfolio" | "credits", now = new Date()) =>
  `valuseal-${what}-${now.toISOString().slice(0, 10)}.csv`;

/** The answer's headers: a CSV attachment that no cache keeps. */
export const csvHeaders = (fileName: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "no-store",
});
