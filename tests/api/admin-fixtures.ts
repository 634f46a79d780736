import { eq, inArray, sql } from "drizzle-orm";
import { TransactionRollbackError } from "drizzle-orm/errors";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import { auditLog, companies, qrCodes, scanEvents, sessions, users, valuers } from "../../schema/tables";
import type { Transaction } from "../../worker/db";
import { randomToken } from "../../worker/lib/random";
import { type Account, withDb } from "../support/api";

/** Valuers (one of them soft-deleted), codes and scans for a company, inserted directly. */
export async function addCompanyData(
  companyId: number,
  counts: { valuers?: number; deletedValuers?: number; codes?: number; scansPerCode?: number } = {},
) {
  const { valuers: valuerCount = 2, deletedValuers = 1, codes = 3, scansPerCode = 2 } = counts;
  return withDb(async (db) => {
    const valuerRows = [
      ...Array.from({ length: valuerCount }, (_, i) => ({
        companyId,
        name: `Valuer ${i + 1}`,
        phone: "+254700000002",
      })),
      ...Array.from({ length: deletedValuers }, (_, i) => ({
        companyId,
        name: `Former ${i + 1}`,
        deletedAt: new Date(),
      })),
    ];
    const insertedValuers = valuerRows.length
      ? await db.insert(valuers).values(valuerRows).returning({ id: valuers.id })
      : [];
    const codeRows = Array.from({ length: codes }, (_, i) => {
      const publicToken = randomToken(16);
      return {
        publicToken,
        companyId,
        valuerId: insertedValuers[0]?.id,
        valuationDate: new Date("2025-01-15T00:00:00Z"),
        marketValue: `${1000 * (i + 1)}.50`,
        currency: "KES",
        propertyAddress: `Plot ${i + 1}, Riverside Drive`,
        propertyType: "Real Estate",
        qrCodeData: `https://valuseal.test/v/${publicToken}`,
        verificationCount: scansPerCode,
      };
    });
    const insertedCodes = codes ? await db.insert(qrCodes).values(codeRows).returning({ id: qrCodes.id }) : [];
    const scanRows = insertedCodes.flatMap((code) =>
      Array.from({ length: scansPerCode }, () => ({ qrCodeId: code.id, companyId })),
    );
    if (scanRows.length) await db.insert(scanEvents).values(scanRows);
    return { valuerIds: insertedValuers.map((v) => v.id), codeIds: insertedCodes.map((c) => c.id) };
  });
}

/** How many rows of a company's data still exist, table by table. */
export function countCompanyRows(companyId: number) {
  return withDb(async (db) => ({
    companies: await db.$count(companies, eq(companies.id, companyId)),
    valuers: await db.$count(valuers, eq(valuers.companyId, companyId)),
    qrCodes: await db.$count(qrCodes, eq(qrCodes.companyId, companyId)),
    scanEvents: await db.$count(scanEvents, eq(scanEvents.companyId, companyId)),
  }));
}

export function findUser(userId: number) {
  return withDb(async (db) => {
    const [user] = await db
      .select({ id: users.id, isActive: users.isActive, password: users.password })
      .from(users)
      .where(eq(users.id, userId));
    return user ?? null;
  });
}

export function sessionCount(userId: number) {
  return withDb((db) => db.$count(sessions, eq(sessions.userId, userId)));
}

export function auditEntriesFor(targetType: string, targetIds: number[]) {
  return withDb((db) =>
    db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetType} = ${targetType} and ${inArray(auditLog.targetId, targetIds)}`)
      .orderBy(auditLog.id),
  );
}

export const companyIdOf = (account: Account) => account.user.companyId!;

/**
 * Makes fixtures one after another: the embedded test Postgres (PGlite behind pglite-socket) can
 * interleave the statements of connections that write at the same moment.
 */
export async function inSequence<T>(count: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i++) made.push(await make());
  return made;
}

/** Runs work in a transaction that is always rolled back, so what it writes never reaches other tests. */
export async function inRolledBackTransaction(work: (tx: Transaction) => Promise<void>, config?: PgTransactionConfig) {
  await withDb((db) =>
    db
      .transaction(async (tx) => {
        await work(tx);
        tx.rollback();
      }, config)
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      }),
  );
}
