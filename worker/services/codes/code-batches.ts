import { and, eq, inArray, sql } from "drizzle-orm";

import { creditBalances, qrCodes } from "#schema/tables.ts";
import { BATCH_CODES_PER_MINUTE, type CodeBatchRow } from "#schema/validation/qr-codes.ts";
import type { Database } from "#worker/db.ts";
import { ApiError, COMPANY_DEACTIVATED } from "#worker/lib/errors.ts";
import type { RecordSigning } from "#worker/lib/signing.ts";
import { prospectiveAnswer, prospectiveCodesQuery, storeCodes } from "./code-issuing";
import { unkeyedClaimCte } from "./idempotency";
import { CHOOSE_ACTIVE_VALUER, selectCodes, TOKEN_ATTEMPTS, type StoredCode } from "./qr-codes";
import type { Outbox } from "../integration/webhooks";
import { PaymentRequired } from "../billing/credits";

interface BatchResult {
  externalReference: string;
  /** "existing": the firm's reference already had this code (an earlier batch, or one sent twice). */
  status: "created" | "existing";
  code: StoredCode;
}

const REFERENCE_HAS_OTHER_DETAILS =
  "A code was already issued for this reference with other details; give the new report its own reference";

/** Columns of type numeric: stored as text with their scale ("45000000.00"), compared as numbers. */
const NUMERIC_FIELDS = new Set(["marketValue", "forcedSaleValue", "propertySize", "landSize", "latitude", "longitude"]);

/** A value as parsed and as stored, compared as what it means: a day, a number, or text (none and blank alike). */
function sameValue(field: string, sent: unknown, stored: unknown): boolean {
  if (sent === undefined || sent === null || sent === "")
    return stored === null || stored === undefined || stored === "";
  if (sent instanceof Date) return stored instanceof Date && sent.getTime() === stored.getTime();
  if (NUMERIC_FIELDS.has(field)) return stored !== null && Number(sent) === Number(stored);
  return sent === stored;
}

/** The row's fields whose value differs from the code issued for its reference. */
function changedFields(row: CodeBatchRow, code: StoredCode): string[] {
  return Object.entries(row).flatMap(([field, value]) => {
    // Without a validity date the server chose one at issue; only a date sent is compared.
    if (field === "validUntil" && value === undefined) return [];
    return sameValue(field, value, code[field as keyof typeof code]) ? [] : [field];
  });
}

/**
 * The firm's codes a minute, as round trip 1 reads them: 429 (with when to try again) for a batch
 * that would take the firm past BATCH_CODES_PER_MINUTE codes in the minute before `now`. Only the
 * codes still to issue count: a batch sent again is answered. Round trip 2 checks the budget again
 * under the firm's lock, so batches of one firm sent at once count each other.
 */
function beyondMinuteBudget(recent: { count: number; oldest: string | null; now: string }, newCodes: number) {
  if (newCodes === 0 || recent.count + newCodes <= BATCH_CODES_PER_MINUTE) return null;
  const now = new Date(recent.now).getTime();
  const freedAt = recent.oldest ? new Date(recent.oldest).getTime() + 60_000 : now + 60_000;
  const wait = Math.max(1, Math.ceil((freedAt - now) / 1000));
  return new ApiError(
    429,
    `Your firm can issue at most ${BATCH_CODES_PER_MINUTE} codes a minute in batches. Try again in ${wait} seconds.`,
    undefined,
    { "Retry-After": String(wait) },
  );
}

/** The firm's codes of the last minute and its balance, read in round trip 1 (and again when refused). */
function firmAllowanceQuery(db: Database, companyId: number) {
  return db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<string | null>`min(${qrCodes.createdAt})`,
      now: sql<string>`now()`,
      balance: sql<number>`coalesce((SELECT ${creditBalances.balance} FROM ${creditBalances}
        WHERE ${creditBalances.companyId} = ${companyId}), 0)`.mapWith(Number),
    })
    .from(qrCodes)
    .where(and(eq(qrCodes.companyId, companyId), sql`${qrCodes.createdAt} > now() - interval '1 minute'`));
}

/**
 * Issues a batch of codes as a single create issues one (code-issuing.ts), in the same two round
 * trips whatever the batch's size (issue 51; docs/decisions/071):
 * 1. one HTTP batch reads the codes as they would be stored (prospectiveCodesQuery), the codes
 *    already issued for the batch's references, and the firm's minute and balance;
 * 2. after the Worker signed the new codes' records, one statement stores every new code with its
 *    record, its credit and its webhook deliveries, or none (storeCodes), under the firm's lock.
 * Each row is checked as a single create checks it (the valuer rule, frozen issuer and signer). A row
 * whose reference already has a code answers that code instead, so a batch cut off part way can
 * simply be sent again; one whose reference has a code with other details refuses the batch (409,
 * each such row named). A row naming a valuer who cannot sign refuses the whole batch, with every
 * such row named: nothing is issued from a batch that is partly wrong. When round trip 2 refuses
 * because things changed in between (a reference taken by a batch sent at once, the firm's
 * verification withdrawn, a valuer edited), the batch is read and signed again as things now stand.
 */
export async function issueCodeBatch(
  db: Database,
  signing: RecordSigning,
  owner: { userId: number; companyId: number },
  rows: CodeBatchRow[],
  outbox: Outbox,
): Promise<BatchResult[]> {
  const references = rows.map((row) => row.externalReference!);
  for (let attempt = 1; attempt <= TOKEN_ATTEMPTS; attempt += 1) {
    const [prospective, earlier, [allowance]] = await db.batch([
      prospectiveCodesQuery(db, signing.origin, owner, rows),
      selectCodes(db).where(
        and(eq(qrCodes.companyId, owner.companyId), inArray(qrCodes.externalReference, references)),
      ),
      firmAllowanceQuery(db, owner.companyId),
    ]);
    // The company was deactivated since the session was read.
    if (prospective.length !== rows.length) throw new ApiError(403, COMPANY_DEACTIVATED);
    const stored = new Map(earlier.map((code) => [code.externalReference!, code]));
    // A row sent again must be the row that was issued: a corrected value under a used reference is
    // a new report, and answering the old code would hide that nothing was corrected.
    const changed = rows.flatMap((row, index) => {
      const code = stored.get(row.externalReference!);
      const fields = code ? changedFields(row, code) : [];
      return fields.length === 0
        ? []
        : [`codes.${index}.externalReference: ${REFERENCE_HAS_OTHER_DETAILS} (${fields.join(", ")})`];
    });
    if (changed.length > 0) {
      throw new ApiError(
        409,
        "Some references already have codes with other details",
        changed,
        undefined,
        "reference_taken",
      );
    }
    const built = new Map(prospective.map((code) => [code.externalReference!, code]));
    // Only the rows still to issue need a signer who can sign today: a batch sent again after a
    // valuer left still answers the codes that valuer signed.
    const refused = rows.flatMap((row, index) =>
      stored.has(row.externalReference!) || built.get(row.externalReference!)!.signerFound
        ? []
        : [`codes.${index}.valuerId: ${CHOOSE_ACTIVE_VALUER}`],
    );
    if (refused.length > 0) throw new ApiError(400, "Validation failed", refused);
    const toIssue = rows
      .filter((row) => !stored.has(row.externalReference!))
      .map((row) => built.get(row.externalReference!)!);
    const overBudget = beyondMinuteBudget(allowance!, toIssue.length);
    if (overBudget) throw overBudget;
    // Paid before anything is signed: a batch needing more credits than the firm holds is refused (402).
    if (toIssue.length > allowance!.balance) {
      throw new PaymentRequired(allowance!.balance, signing.origin, toIssue.length);
    }
    if (toIssue.length > 0) {
      const outcome = await storeCodes(db, signing, outbox, toIssue, {
        claim: unkeyedClaimCte(),
        minuteBudget: BATCH_CODES_PER_MINUTE,
      });
      // Something changed since round trip 1 (see above), or a batch of the firm stored meanwhile
      // took the minute: read the batch again. Its codes may be stored now (the same batch sent
      // twice at once), or round trip 1 answers 429 with when the minute frees.
      if (!outcome.stored) continue;
    }
    return rows.map((row) => {
      const existing = stored.get(row.externalReference!);
      return existing
        ? { externalReference: row.externalReference!, status: "existing", code: existing }
        : {
            externalReference: row.externalReference!,
            status: "created",
            code: prospectiveAnswer(built.get(row.externalReference!)!),
          };
    });
  }
  throw new Error(
    `The batch was not issued in ${TOKEN_ATTEMPTS} tries (details changing meanwhile, or clashing tokens)`,
  );
}
