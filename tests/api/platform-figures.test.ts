import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformFiguresAnswer, type PlatformFigures } from "#schema/responses/index.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api } from "./fixtures/http";

/**
 * The platform's own counts, as the figures define them, read straight from the tables: codes by the
 * companies' own counters (kept by the trigger on qr_codes, tests/api/company-counters.test.ts), and
 * the month's scans as the codes' day rows count them (the figure sums the platform's day shards:
 * both are kept by the scan function, which tests/migrations/scan-history.test.ts holds to the raw
 * log; other files here insert raw scans straight into the log, which neither counts).
 */
const countsNow = () =>
  withDb(async (db) => {
    const result = await db.execute<{ verified_firms: string; codes_issued: string; scans: string }>(sql`SELECT
      (SELECT count(*) FROM companies
        WHERE kind = 'issuer' AND verification_status = 'verified' AND is_active AND suspended_at IS NULL) AS verified_firms,
      (SELECT coalesce(sum(qr_code_count), 0) FROM companies) AS codes_issued,
      (SELECT coalesce(sum(counted), 0) FROM code_scan_days
        WHERE day >= date_trunc('month', now() AT TIME ZONE 'UTC')::date) AS scans`);
    const row = result.rows[0]!;
    return {
      verifiedFirms: Number(row.verified_firms),
      codesIssued: Number(row.codes_issued),
      scans: Number(row.scans),
    };
  });

const figures = async () => platformFiguresAnswer.parse((await api("/api/public/platform-figures")).body);

/**
 * Other files add and delete codes, firms and scans in the same database meanwhile, so a figure is
 * compared with the counts just after it within what those files change in a moment: an invented
 * figure, or one counted wrongly, is far outside it.
 */
const NEIGHBOURS_MEANWHILE = 25;

function expectCounted(shown: PlatformFigures, after: Awaited<ReturnType<typeof countsNow>>) {
  expect(Math.abs(shown.codesIssued - after.codesIssued)).toBeLessThanOrEqual(NEIGHBOURS_MEANWHILE);
  expect(Math.abs(shown.scansThisMonth - after.scans)).toBeLessThanOrEqual(NEIGHBOURS_MEANWHILE);
  expect(Math.abs(shown.verifiedFirms - after.verifiedFirms)).toBeLessThanOrEqual(NEIGHBOURS_MEANWHILE);
}

describe("the landing page's figures", () => {
  it("are the platform's own counts, counted on the first visit", async () => {
    await withDb((db) => db.execute(sql`DELETE FROM platform_figures`));
    await insertCode(await registerOwnerViaServices());
    const shown = await figures();
    expectCounted(shown, await countsNow());
    expect(shown.codesIssued).toBeGreaterThan(0);
  });

  it("are counted again after an hour, behind the answer: the visit that finds them old is not kept waiting", async () => {
    const firm = await registerOwnerViaServices();
    const counted = await figures();
    await insertCode(firm);
    await withDb((db) => db.execute(sql`UPDATE platform_figures SET counted_at = now() - interval '2 hours'`));
    // The visit that finds them old answers them as they were, and the count it starts runs after.
    const stale = await figures();
    expect(stale.codesIssued).toBe(counted.codesIssued);
    await expect.poll(async () => (await figures()).countedAt, { timeout: 10_000 }).not.toBe(stale.countedAt);
    const recounted = await figures();
    expectCounted(recounted, await countsNow());
  });
});
