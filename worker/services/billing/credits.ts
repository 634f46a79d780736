import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { BILLING_PATH } from "#schema/app-paths.ts";
import {
  LOW_BALANCE_CREDITS,
  PAYMENT_REQUIRED_MESSAGE,
  TRIAL_CREDITS,
  type CreditEntryKind,
} from "#schema/limits/billing.ts";
import { companies, creditBalances, creditEntries, purchases, users } from "#schema/tables.ts";
import type { Queryable, Reader, TransactionalDatabase } from "#worker/db.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { countOf, fetchPage, totalColumn } from "#worker/lib/pagination.ts";
import { statementPart, type StatementPart } from "#worker/lib/statement-parts.ts";
import { recordAudit, type Actor } from "../companies/audit";
import { COMPANY_NOT_FOUND } from "../companies/companies";

/*
 * The credit ledger: 1 credit pays for 1 code generated, however it is issued (one at a time, in a
 * batch, by the API). Every change is an entry appended with the balance it left; the balance row
 * is what a debit guards (`balance >= n`), so concurrent issues wait for each other there and the
 * last credit is spent once (decision 057).
 */

/**
 * 402 for an issue the balance cannot pay for; the one error shape, with the balance and where the
 * firm's owner buys more (the Billing screen at `origin`).
 */
export class PaymentRequired extends ApiError {
  constructor(
    readonly balance: number,
    origin: string,
    needed = 1,
  ) {
    super(
      402,
      PAYMENT_REQUIRED_MESSAGE,
      [
        needed === 1
          ? `credits: You have ${balance} credits`
          : `credits: ${needed} codes need ${needed} credits; you have ${balance}`,
        `billing: Buy credits at ${origin}${BILLING_PATH}`,
      ],
      undefined,
      "payment_required",
    );
  }
}

/** The firm's balance now (0 before its first entry). */
export async function creditBalance(db: Reader, companyId: number): Promise<number> {
  const [row] = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.companyId, companyId));
  return row?.balance ?? 0;
}

/** The statement parts of an issue's debit (storeProspectiveCodes): the balance, then the entries. */
export const DEBITED = statementPart("debited", ["balance_after"]);
const DEBIT_ENTRY = statementPart("debit_entry", []);

/**
 * The parts of the issuing statement that pay for the `count` codes `codes` stored (one, or a
 * batch's): `count` credits taken from the firm's balance if it has them (the guarded update waits
 * for a concurrent debit and re-reads the balance it left), and one `issue` entry per code, each with
 * the balance after its own credit (the n-th code by id leaves the balance before it less n).
 * DEBITED has no row when the balance is short or not every code was stored: the statement then
 * refuses as a whole, so no code stands unpaid and no credit is taken for a code not issued.
 */
export function debitCtes(companyId: number, codes: StatementPart<"id">, count: number): SQL {
  return sql`${DEBITED.define(sql`
      UPDATE ${creditBalances} SET balance = balance - ${count}, updated_at = now()
      WHERE ${creditBalances.companyId} = ${companyId} AND ${creditBalances.balance} >= ${count}
        AND (SELECT count(*) FROM ${codes.name}) = ${count}
      RETURNING balance AS ${DEBITED.as.balance_after}`)},
    ${DEBIT_ENTRY.define(sql`
      INSERT INTO ${creditEntries} (company_id, kind, credits, balance_after, idempotency_key, code_id)
      SELECT ${companyId}, 'issue', -1, ${DEBITED.column.balance_after} + ${count} - code.n, 'issue:' || code.id, code.id
      FROM ${DEBITED.name},
        (SELECT ${codes.column.id} AS id, row_number() OVER (ORDER BY ${codes.column.id}) AS n FROM ${codes.name}) code`)}`;
}

/**
 * The owner's warning when a debit crosses a threshold: once when the balance falls from above
 * LOW_BALANCE_CREDITS to it or below, once when it reaches 0 (the 0 one alone when one debit does
 * both). Each crossing happens in one debit, which the balance row serialises, so each is told once.
 * Reads the owner only when there is something to say.
 */
export async function creditWarnings(
  db: Reader,
  companyId: number,
  balanceBefore: number,
  balanceAfter: number,
): Promise<EmailMessage[]> {
  const reachedZero = balanceAfter === 0 && balanceBefore > 0;
  const fellLow = balanceBefore > LOW_BALANCE_CREDITS && balanceAfter <= LOW_BALANCE_CREDITS;
  if (!reachedZero && !fellLow) return [];
  const [owner] = await db
    .select({ email: users.email, companyName: companies.name })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  return owner ? [{ kind: "credits-low", to: owner.email, companyName: owner.companyName, balance: balanceAfter }] : [];
}

/** A change to a firm's credits written once: its key names it (a second write of it changes nothing). */
export interface CreditChange {
  companyId: number;
  kind: Exclude<CreditEntryKind, "issue">;
  credits: number;
  idempotencyKey: string;
  reason?: string | null;
  actorUserId?: number | null;
  /** The purchase a `purchase` change came from. */
  purchaseId?: number | null;
}

/**
 * Adds (or, negative, takes) credits with their entry, in one statement: the balance moves only if
 * no entry has the key yet, and a concurrent second write of the same key fails on the key and
 * rolls back its move. Answers the balance after, or null when the key was already written. Taking
 * more than the balance is refused (409): credits already spent cannot be taken back. Nothing here
 * fails a statement on purpose, so it may run inside a caller's transaction.
 */
export async function changeCredits(db: Queryable, change: CreditChange): Promise<number | null> {
  const { companyId, kind, credits, idempotencyKey } = change;
  const notYetWritten = sql`NOT EXISTS (SELECT 1 FROM ${creditEntries} WHERE ${creditEntries.idempotencyKey} = ${idempotencyKey})`;
  // Credits added may open the firm's balance; credits taken only move one that holds them.
  const moved =
    credits > 0
      ? sql`INSERT INTO ${creditBalances} (company_id, balance) VALUES (${companyId}, ${credits})
          ON CONFLICT (company_id) DO UPDATE
            SET balance = ${creditBalances.balance} + excluded.balance, updated_at = now()
            WHERE ${notYetWritten}
          RETURNING balance`
      : sql`UPDATE ${creditBalances} SET balance = balance + ${credits}, updated_at = now()
          WHERE ${creditBalances.companyId} = ${companyId} AND ${creditBalances.balance} >= ${-credits}
            AND ${notYetWritten}
          RETURNING balance`;
  const result = await db.execute<{ balance_after: number }>(sql`
    WITH moved AS (${moved})
    INSERT INTO ${creditEntries} (company_id, kind, credits, balance_after, idempotency_key, reason, actor_user_id, purchase_id)
    SELECT ${companyId}, ${kind}, ${credits}, moved.balance, ${idempotencyKey}, ${change.reason ?? null},
      ${change.actorUserId ?? null}, ${change.purchaseId ?? null}
    FROM moved
    RETURNING balance_after`);
  const [row] = (result as unknown as { rows: { balance_after: number }[] }).rows;
  if (row) return Number(row.balance_after);
  // Nothing moved: the key was written before, or the balance does not hold what is taken.
  const [written] = await db
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(eq(creditEntries.idempotencyKey, idempotencyKey));
  if (written) return null;
  throw notEnoughToReverse(await creditBalance(db, companyId));
}

const notEnoughToReverse = (balance: number) =>
  new ApiError(409, "The firm has fewer credits than that: spent credits cannot be reversed", [
    `credits: The balance is ${balance}`,
  ]);

/** The trial a firm receives once, when its owner confirms their email ("Start Free Trial"). */
export const grantTrialCredits = (db: Queryable, companyId: number) =>
  changeCredits(db, { companyId, kind: "trial", credits: TRIAL_CREDITS, idempotencyKey: `trial:${companyId}` });

const ledgerCount = (db: Reader, companyId: number) =>
  db.select({ total: count() }).from(creditEntries).where(eq(creditEntries.companyId, companyId));

/** One page of the firm's ledger, newest first, with the code each issue paid for (see pageOfRows). */
export async function creditLedgerPage(db: Reader, companyId: number, page: number, pageSize: number) {
  return fetchPage(
    page,
    pageSize,
    (range) =>
      db
        .select({
          id: creditEntries.id,
          kind: creditEntries.kind,
          credits: creditEntries.credits,
          balanceAfter: creditEntries.balanceAfter,
          codeId: creditEntries.codeId,
          purchaseId: purchases.publicId,
          reason: creditEntries.reason,
          createdAt: creditEntries.createdAt,
          total: totalColumn(ledgerCount(db, companyId)),
        })
        .from(creditEntries)
        .leftJoin(purchases, eq(purchases.id, creditEntries.purchaseId))
        .where(eq(creditEntries.companyId, companyId))
        .orderBy(desc(creditEntries.id))
        .limit(range.limit)
        .offset(range.offset),
    () => countOf(ledgerCount(db, companyId)),
  );
}

/**
 * An administrator grants credits to a valuation firm or reverses some, with the reason the firm is
 * told; audited in the same transaction. Each request is its own change (a random key): sending it
 * twice grants twice, as two clicks would. A lender or an unknown company is 404.
 */
export async function adminChangeCredits(
  db: TransactionalDatabase,
  actor: Actor,
  companyId: number,
  change: { credits: number; reason: string },
) {
  return db.transaction(async (tx) => {
    const [firm] = await tx
      .select({ name: companies.name, ownerEmail: users.email })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(and(eq(companies.id, companyId), eq(companies.kind, "issuer")));
    if (!firm) throw notFound(COMPANY_NOT_FOUND);
    const kind = change.credits > 0 ? "grant" : "reversal";
    const balance = await changeCredits(tx, {
      companyId,
      kind,
      credits: change.credits,
      idempotencyKey: `admin:${crypto.randomUUID()}`,
      reason: change.reason,
      actorUserId: actor.id,
    });
    await recordAudit(tx, actor, [
      {
        action: kind === "grant" ? "company.credits_granted" : "company.credits_reversed",
        targetType: "company",
        targetId: companyId,
        details: { name: firm.name, credits: change.credits, reason: change.reason, balance },
      },
    ]);
    return { ...firm, kind, balance: balance ?? 0 };
  });
}
