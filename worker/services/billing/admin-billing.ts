import { count, desc, eq, sql } from "drizzle-orm";
import { STALE_PURCHASE_MINUTES } from "#schema/limits/billing.ts";
import { companies, creditPrices, mpesaPrompts, purchases } from "#schema/tables.ts";
import type { Queryable, TransactionalDatabase } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import type { NewPrice } from "#schema/validation/billing.ts";
import { recordAudit, type Actor } from "../companies/audit";
import { promptsNeedingReview } from "./mpesa";
import { currentPriceIds } from "./prices";

/*
 * The platform's billing for administrators: the price list with its history, recent purchases
 * (a pending one over an hour old flagged) and the money received per month and currency.
 */

/** How many recent purchases the administrators' list shows. */
const RECENT_PURCHASES = 50;

const isStale = sql<boolean>`${purchases.status} = 'pending' AND ${purchases.createdAt} < now() - make_interval(mins => ${STALE_PURCHASE_MINUTES})`;

export async function adminBilling(db: Queryable) {
  const [prices, recent, revenue, [stale]] = await Promise.all([
    db
      .select({
        id: creditPrices.id,
        credits: creditPrices.credits,
        currency: creditPrices.currency,
        netMinor: creditPrices.netMinor,
        effectiveFrom: creditPrices.effectiveFrom,
        createdAt: creditPrices.createdAt,
        current: sql<boolean>`${creditPrices.id} IN (${currentPriceIds})`,
      })
      .from(creditPrices)
      .orderBy(creditPrices.currency, creditPrices.credits, desc(creditPrices.effectiveFrom), desc(creditPrices.id)),
    db
      .select({
        id: purchases.publicId,
        companyId: purchases.companyId,
        companyName: companies.name,
        credits: purchases.credits,
        currency: purchases.currency,
        totalMinor: purchases.totalMinor,
        status: purchases.status,
        createdAt: purchases.createdAt,
        paidAt: purchases.paidAt,
        stale: isStale,
        provider: purchases.provider,
        needsReview: sql<boolean>`EXISTS (SELECT 1 FROM ${mpesaPrompts} WHERE ${mpesaPrompts.purchaseId} = ${purchases.id} AND ${mpesaPrompts.state} = 'needs-review')`,
      })
      .from(purchases)
      .leftJoin(companies, eq(companies.id, purchases.companyId))
      .orderBy(desc(purchases.id))
      .limit(RECENT_PURCHASES),
    db
      .select({
        month: sql<string>`to_char(${purchases.paidAt} AT TIME ZONE 'UTC', 'YYYY-MM')`,
        currency: purchases.currency,
        paidMinor: sql<number>`sum(${purchases.totalMinor})`.mapWith(Number),
        vatMinor: sql<number>`sum(${purchases.vatMinor})`.mapWith(Number),
        purchases: count(),
      })
      .from(purchases)
      .where(eq(purchases.status, "paid"))
      .groupBy(sql`1`, purchases.currency)
      .orderBy(sql`1 DESC`, purchases.currency),
    db.select({ total: count() }).from(purchases).where(isStale),
  ]);
  return {
    prices,
    purchases: recent,
    revenue,
    stalePending: stale?.total ?? 0,
    mpesaReviews: await promptsNeedingReview(db),
  };
}

/**
 * An administrator sets a pack's price from a day on (today: at once), audited with it. A price
 * is never back-dated, so what the list said when a firm paid stays what it said.
 */
export async function setPrice(db: TransactionalDatabase, actor: Actor, input: NewPrice) {
  const today = new Date().toISOString().slice(0, 10);
  if (input.effectiveFrom < today) {
    throw new ApiError(422, "A price starts today or later", ["effectiveFrom: Choose today or a later day"]);
  }
  const effectiveFrom = input.effectiveFrom === today ? new Date() : new Date(`${input.effectiveFrom}T00:00:00Z`);
  return db.transaction(async (tx) => {
    const [price] = await tx
      .insert(creditPrices)
      .values({
        credits: input.credits,
        currency: input.currency,
        netMinor: input.amount,
        effectiveFrom,
        createdByUserId: actor.id,
      })
      .returning({ id: creditPrices.id });
    await recordAudit(tx, actor, [
      {
        action: "platform.price_set",
        targetType: "price",
        targetId: price!.id,
        details: { credits: input.credits, currency: input.currency, netMinor: input.amount, effectiveFrom },
      },
    ]);
  });
}
