import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { companies, qrCodes, scanEvents, users } from "../../../schema/tables";
import type { Database } from "../../db";
import type { AppEnv } from "../../env";
import type { Transaction } from "../../lib/audit";

/** Midnight UTC today, computed by the database so every Worker agrees with the stored timestamps. */
const startOfTodayUtc = sql`date_trunc('day', now(), 'UTC')`;

/**
 * The four dashboard numbers, each one count over an index, run concurrently. A verification is a
 * counted scan of a real code; orphan scans (unknown tokens, qrCodeId null) are not verifications.
 */
export async function loadPlatformStats(db: Database | Transaction) {
  const [totalUsers, activeCompanies, totalQRCodes, verificationsToday] = await Promise.all([
    db.$count(users),
    db.$count(companies, eq(companies.isActive, true)),
    db.$count(qrCodes),
    db.$count(scanEvents, and(gte(scanEvents.scannedAt, startOfTodayUtc), isNotNull(scanEvents.qrCodeId))),
  ]);
  return { totalUsers, activeCompanies, totalQRCodes, verificationsToday };
}

export const adminStatsRoutes = new Hono<AppEnv>().get("/stats", async (c) =>
  c.json(await loadPlatformStats(c.var.db)),
);
