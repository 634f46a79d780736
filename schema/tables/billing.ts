import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { CREDIT_ENTRY_KINDS } from "../limits/billing";
import { companies } from "./organisations";

/*
 * Pay per code: each firm's credit balance and the append-only ledger of every change to it.
 * Credits are not money: purchases (with their currency) will point at the entries they paid for.
 */

/**
 * A firm's credits now: the balance after its latest ledger entry, kept in one row so a debit is a
 * guarded update (`balance >= n`) that waits for, and then sees, every earlier one. Never negative.
 */
export const creditBalances = pgTable(
  "credit_balances",
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    balance: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("credit_balances_not_negative", sql`${t.balance} >= 0`)],
);

/**
 * Every change to a firm's credits, appended and never changed (a trigger refuses UPDATE and
 * DELETE, migration 0041). `idempotencyKey` is unique: a change written twice (a retried request, a
 * provider's event delivered again) fails the second time and moves nothing. `balanceAfter` is the
 * balance the change left, so the ledger reads as a statement and sums to the balance.
 */
export const creditEntries = pgTable(
  "credit_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** Plain ids, as the transparency log keeps its subjects: the ledger outlives a deleted firm or code. */
    companyId: integer().notNull(),
    kind: varchar({ length: 16, enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** The change: positive adds credits, negative takes them (an issued code is −1). */
    credits: integer().notNull(),
    balanceAfter: integer().notNull(),
    idempotencyKey: varchar({ length: 128 }).notNull().unique(),
    /** The code an `issue` entry paid for. */
    codeId: integer(),
    /** Why an administrator granted or reversed credits; shown to the firm. */
    reason: varchar({ length: LIMITS.revocationReason }),
    /** Who wrote a grant or reversal (an administrator); null for the system's own entries. */
    actorUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_entries_company_idx").on(t.companyId, t.id),
    check("credit_entries_change", sql`${t.credits} <> 0 AND ${t.balanceAfter} >= 0`),
  ],
);
