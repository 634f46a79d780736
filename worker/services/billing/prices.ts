import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
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

/** Every pack on sale now in `currency`, smallest first (a pack without a price is not on sale). */
export async function currentPrices(
  db: Queryable,
  currency: Currency,
  vatRateBasisPoints: number,
): Promise<CurrentPrice[]> {
  const rows = await db
    .selectDistinctOn([creditPrices.credits], {
      priceId: creditPrices.id,
      credits: creditPrices.credits,
      netMinor: creditPrices.netMinor,
    })
    .from(creditPrices)
    .where(
      and(
        eq(creditPrices.currency, currency),
        inArray(creditPrices.credits, [...CREDIT_PACKS]),
        lte(creditPrices.effectiveFrom, sql`now()`),
      ),
    )
    .orderBy(creditPrices.credits, desc(creditPrices.effectiveFrom), desc(creditPrices.id));
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
