import { and, eq, inArray, sql } from "drizzle-orm";
import { CREDIT_PACKS, vatOf } from "#schema/limits/billing.ts";
import type { Currency } from "#schema/limits/codes.ts";
import type { PackPrice } from "#schema/responses/billing.ts";
import { creditPrices } from "#schema/tables.ts";
import type { Queryable } from "#worker/db.ts";

/*
 * The price list: a pack's price in a currency is the latest row that has begun (history is kept;
 * a purchase records the row it used). Prices exclude VAT; the VAT rate is configuration, added on
 * top and shown beside the price (decision 058).
 */

/** A pack's price now, with the row it came from (a purchase keeps the row's id). */
export interface CurrentPrice extends PackPrice {
  priceId: number;
}

/**
 * The one rule for which row is charged now: per pack and currency, the latest row that has begun
 * (ties broken by the later row). Used by the packs on sale and the administrators' price list.
 */
export const currentPriceIds = sql`SELECT DISTINCT ON (credits, currency) id FROM ${creditPrices}
  WHERE effective_from <= now() ORDER BY credits, currency, effective_from DESC, id DESC`;

/** Every pack on sale now in `currency`, smallest first (a pack without a price is not on sale). */
export async function currentPrices(
  db: Queryable,
  currency: Currency,
  vatRateBasisPoints: number,
): Promise<CurrentPrice[]> {
  const rows = await db
    .select({ priceId: creditPrices.id, credits: creditPrices.credits, netMinor: creditPrices.netMinor })
    .from(creditPrices)
    .where(
      and(
        eq(creditPrices.currency, currency),
        inArray(creditPrices.credits, [...CREDIT_PACKS]),
        sql`${creditPrices.id} IN (${currentPriceIds})`,
      ),
    )
    .orderBy(creditPrices.credits);
  return rows.map((row) => {
    const vatMinor = vatOf(row.netMinor, vatRateBasisPoints);
    return {
      priceId: row.priceId,
      credits: row.credits,
      currency,
      netMinor: row.netMinor,
      vatRateBasisPoints,
      vatMinor,
      totalMinor: row.netMinor + vatMinor,
    };
  });
}

/** A price as the answers show it: without the row's id. */
export const shownPrice = ({ priceId: _priceId, ...price }: CurrentPrice): PackPrice => price;
