import { sql, type SQLWrapper } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { idempotencyKeys } from "#schema/tables.ts";
import type { Database } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { sha256Hex } from "#worker/lib/random.ts";
import { statementPart, type RowOf } from "#worker/lib/statement-parts.ts";

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

const isExpired = (createdAt: SQLWrapper, at = sql`now()`) => sql`${createdAt} < ${at} - ${KEY_LIFETIME}::interval`;

/** The statement part that claims the key (keyClaimCte). */
export const KEY_CLAIM = statementPart("claim", ["request_hash", "response_status", "response_body", "ours"]);

/** What KEY_CLAIM answers: the key's row after the claim, and whether it is this request's. */
export type KeyClaimRow = RowOf<
  typeof KEY_CLAIM,
  { request_hash: string | null; response_status: number | null; response_body: unknown; ours: boolean }
>;

/** KEY_CLAIM for work without an Idempotency-Key (a batch's codes are idempotent by their references): always ours. */
export function unkeyedClaimCte() {
  const as = KEY_CLAIM.as;
  return KEY_CLAIM.define(sql`
    SELECT NULL::text AS ${as.request_hash}, NULL::integer AS ${as.response_status},
      NULL::json AS ${as.response_body}, true AS ${as.ours}`);
}

/**
 * The statement part KEY_CLAIM of a request that does its work in one statement (issuing a code):
 * the key's row is inserted with the answer already in it, so the work and its stored answer commit
 * together or not at all; `ours` says whether this request holds the key. The rest of the statement
 * does its work only when it does. So:
 * - a concurrent request with the same key waits on the uncommitted row until the first statement
 *   ends, then finds its answer (or, if the first failed and rolled back, claims the key itself);
 * - a refused request (a refused valuer, say) leaves no key behind: the statement fails as a whole
 *   (refuse_statement), so the request may be corrected and sent with the same key;
 * - a key past its lifetime is taken over as if new; one still alive is returned as it stands, for
 *   the first answer to be replayed, or refused with 422 for a different request (answerOfClaim).
 * Without a key, the claim is this request's and nothing is stored.
 */
export async function keyClaimCte<T>(request: IdempotentRequest, answer: Answer<T>) {
  const { userId, key } = request;
  const as = KEY_CLAIM.as;
  if (!key) return unkeyedClaimCte();
  const body = JSON.stringify(answer.body);
  const [requestHash, bodyHash] = await Promise.all([sha256Hex(JSON.stringify(request.input)), sha256Hex(body)]);
  const expired = isExpired(sql.raw("k.created_at"));
  const keptUnlessExpired = (column: string) =>
    sql`CASE WHEN ${expired} THEN excluded.${sql.raw(column)} ELSE k.${sql.raw(column)} END`;
  return KEY_CLAIM.define(sql`
    INSERT INTO ${idempotencyKeys} AS k (user_id, key, request_hash, response_status, response_body)
    VALUES (${userId}, ${key}, ${requestHash}, ${answer.status}, ${body}::json)
    ON CONFLICT (user_id, key) DO UPDATE SET
      request_hash = ${keptUnlessExpired("request_hash")},
      response_status = ${keptUnlessExpired("response_status")},
      response_body = ${keptUnlessExpired("response_body")},
      created_at = CASE WHEN ${expired} THEN now() ELSE k.created_at END
    RETURNING k.request_hash AS ${as.request_hash}, k.response_status AS ${as.response_status},
      k.response_body AS ${as.response_body},
      coalesce(encode(sha256(convert_to(k.response_body::text, 'UTF8')), 'hex') = ${bodyHash}, false) AS ${as.ours}`);
}

/**
 * The answer for a request whose key another request holds: that request's answer, if this one is
 * the same request; otherwise 422.
 */
export async function answerOfClaim<T, Status extends ContentfulStatusCode>(
  request: IdempotentRequest,
  claim: KeyClaimRow,
): Promise<Answer<T, Status>> {
  // Unreachable while every answer is stored in the statement that claims its key; refused rather than replayed empty.
  if (claim.response_status === null) {
    throw new ApiError(409, KEY_IN_FLIGHT, undefined, undefined, "idempotency_key_in_use");
  }
  if (claim.request_hash !== (await sha256Hex(JSON.stringify(request.input)))) {
    throw new ApiError(422, KEY_REUSED, undefined, undefined, "idempotency_key_reused");
  }
  return { status: claim.response_status as Status, body: claim.response_body as T };
}

/**
 * The hourly cron's sweep: keys past their lifetime are deleted (they are ignored already). Measured
 * from the earlier of the job's `now` and the database's clock, as the other jobs are, so a run
 * with a clock ahead never deletes a key that a retried create still needs.
 */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date) {
  await db
    .delete(idempotencyKeys)
    .where(isExpired(idempotencyKeys.createdAt, sql`least(${now.toISOString()}::timestamptz, now())`));
}
