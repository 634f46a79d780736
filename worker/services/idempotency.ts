import { and, eq, sql } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { idempotencyKeys } from "../../schema/tables";
import type { Database, Transaction, TransactionalDatabase } from "../db";
import { ApiError } from "../lib/errors";
import { sha256Hex } from "../lib/random";

/** How long a key replays its first answer; an older key is ignored, taken over and deleted. */
const KEY_LIFETIME = "24 hours";

const KEY_REUSED = "This Idempotency-Key was already used with a different request. Send a new key for a new request.";
const KEY_IN_FLIGHT = "A request with this Idempotency-Key is still being processed. Try again in a moment.";

/** What a route answered; a replay answers the same status as the first time. */
export interface Answer<T, Status extends ContentfulStatusCode = ContentfulStatusCode> {
  status: Status;
  body: T;
}

export interface IdempotentRequest {
  userId: number;
  /** The validated Idempotency-Key header; without one the request simply runs. */
  key: string | undefined;
  /** The validated request: its schema output has a fixed key order, so key order and ignored fields never count. */
  input: unknown;
}

const isExpired = (createdAt: typeof idempotencyKeys.createdAt, at = sql`now()`) =>
  sql`${createdAt} < ${at} - ${KEY_LIFETIME}::interval`;

/**
 * Runs `run` at most once per user and Idempotency-Key within 24 hours, and answers every repeat
 * with the first answer (`replayed`). The key row is inserted first and the answer filled in the
 * same transaction as `run`'s writes, so:
 * - a concurrent request with the same key waits on that row until the first transaction ends,
 *   then replays its answer (or, if the first failed and rolled back, runs itself);
 * - a failed `run` (a refused valuer, say) leaves no key behind, so the request may be resent as is;
 * - the same key with a different request is refused with 422, never replayed.
 */
export async function answerOnce<T, Status extends ContentfulStatusCode>(
  db: TransactionalDatabase,
  request: IdempotentRequest,
  run: (tx: Transaction) => Promise<Answer<T, Status>>,
): Promise<Answer<T, Status> & { replayed: boolean }> {
  const { userId, key } = request;
  // Without a key the work still commits as one: a code and its signed record, or neither.
  if (!key) return { ...(await db.transaction((tx) => run(tx))), replayed: false };
  const requestHash = await sha256Hex(JSON.stringify(request.input));
  const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return db.transaction(async (tx) => {
    // A key past its lifetime is taken over as if new: it no longer replays anything.
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
        setWhere: isExpired(idempotencyKeys.createdAt),
      })
      .returning({ userId: idempotencyKeys.userId });
    if (!claimed) return { ...(await firstAnswer<T, Status>(tx, thisKey, requestHash)), replayed: true };
    const answer = await run(tx);
    await tx.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body }).where(thisKey);
    return { ...answer, replayed: false };
  });
}

async function firstAnswer<T, Status extends ContentfulStatusCode>(
  tx: Transaction,
  thisKey: ReturnType<typeof and>,
  requestHash: string,
) {
  const [first] = await tx
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.responseStatus,
      body: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(thisKey);
  // Unreachable while the answer is filled in the claiming transaction; refused rather than replayed empty.
  if (!first || first.status === null) {
    throw new ApiError(409, KEY_IN_FLIGHT, undefined, undefined, "idempotency_key_in_use");
  }
  if (first.requestHash !== requestHash) {
    throw new ApiError(422, KEY_REUSED, undefined, undefined, "idempotency_key_reused");
  }
  return { status: first.status as Status, body: first.body as T };
}

/** The hourly cron's sweep: keys past their lifetime at `now` are deleted (they are ignored already). */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date) {
  await db.delete(idempotencyKeys).where(isExpired(idempotencyKeys.createdAt, sql`${now.toISOString()}::timestamptz`));
}
