import { eq, sql } from "drizzle-orm";
import { platformFigures } from "#schema/tables.ts";
import type { Database } from "#worker/db.ts";
import { rowsOf } from "../integration/webhooks";

/** How old the landing page's figures may be before a visit has them counted again. */
const RECOUNT_AFTER_MINUTES = 60;

type Figures = typeof platformFigures.$inferSelect;

/**
 * Counts the figures now, in one statement, and stores them: verified valuation firms (active, not
 * suspended), every code issued (the companies' own counters), and the month's counted scans of
 * real codes (the month's days of scan_day_totals, kept as scans are counted: decision 070).
 */
async function countPlatformFigures(db: Database, now = new Date()): Promise<Figures> {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const result = await db.execute(sql`
    INSERT INTO platform_figures (id, verified_firms, codes_issued, scans_this_month, counted_at)
    SELECT 1,
      (SELECT count(*) FROM companies
        WHERE kind = 'issuer' AND verification_status = 'verified' AND is_active AND suspended_at IS NULL),
      (SELECT coalesce(sum(qr_code_count), 0) FROM companies),
      (SELECT coalesce(sum(total.counted), 0) FROM scan_day_totals total WHERE total.day >= ${month}::date),
      now()
    ON CONFLICT (id) DO UPDATE SET verified_firms = excluded.verified_firms, codes_issued = excluded.codes_issued,
      scans_this_month = excluded.scans_this_month, counted_at = excluded.counted_at, recount_claimed_at = NULL
    RETURNING verified_firms, codes_issued, scans_this_month, counted_at`);
  const [row] = rowsOf<{ verified_firms: number; codes_issued: string; scans_this_month: string; counted_at: string }>(
    result,
  );
  const figures: Figures = {
    id: 1,
    recountClaimedAt: null,
    verifiedFirms: Number(row!.verified_firms),
    codesIssued: Number(row!.codes_issued),
    scansThisMonth: Number(row!.scans_this_month),
    countedAt: new Date(row!.counted_at),
  };
  return figures!;
}

/**
 * The figures as last counted; the first visit ever counts them. When they are over an hour old,
 * one visit claims the recount (the others keep answering the last figures) and `later` runs it
 * after the answer, so no visitor waits for a count over the month's scans.
 */
export async function platformFiguresForVisit(db: Database, later: (work: Promise<unknown>) => void) {
  const [stored] = await db.select().from(platformFigures).where(eq(platformFigures.id, 1));
  if (!stored) return countPlatformFigures(db);
  // One visit takes the count on; a count that never finished (the Worker stopped) is taken on
  // again after five minutes.
  const [claimed] = await db
    .update(platformFigures)
    .set({ recountClaimedAt: sql`now()` })
    .where(
      sql`${platformFigures.id} = 1
        AND ${platformFigures.countedAt} < now() - ${sql.raw(`interval '${RECOUNT_AFTER_MINUTES} minutes'`)}
        AND (${platformFigures.recountClaimedAt} IS NULL OR ${platformFigures.recountClaimedAt} < now() - interval '5 minutes')`,
    )
    .returning({ id: platformFigures.id });
  if (claimed) {
    later(countPlatformFigures(db).catch((error: unknown) => console.error("platform figures not counted", error)));
  }
  return stored;
}
