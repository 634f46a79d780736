import { and, eq, inArray, sql } from "drizzle-orm";

import { companies, qrCodes, valuers } from "#schema/tables.ts";
import { BATCH_CODES_PER_MINUTE, type CodeBatchRow } from "#schema/validation/qr-codes.ts";
import type { Transaction, Transactional } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import type { RecordSigning } from "#worker/lib/signing.ts";
import type { Queryable } from "#worker/db.ts";
import { codesAsStored, type Issuer } from "./code-as-stored";
import {
  CHOOSE_ACTIVE_VALUER,
  maySign,
  lockCompanyReferences,
  refuseTakenReference,
  selectCodes,
  TOKEN_ATTEMPTS,
  type StoredCode,
} from "./qr-codes";
import { signIssuedCertificates } from "../records/signed-records";
import { issuedEvent, type Outbox } from "../integration/webhooks";
import { reserveBatchCredits } from "../billing/credits";

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
function changedFields(row: CodeBatchRow, code: typeof qrCodes.$inferSelect): string[] {
  return Object.entries(row).flatMap(([field, value]) => {
    // Without a validity date the server chose one at issue; only a date sent is compared.
    if (field === "validUntil" && value === undefined) return [];
    return sameValue(field, value, code[field as keyof typeof code]) ? [] : [field];
  });
}

/**
 * Refuses a batch that would take the firm past BATCH_CODES_PER_MINUTE codes in the minute before
 * `issuedAt` (429, with when to try again). Run under the firm's lock, so batches of one firm sent
 * at once count each other. Only the codes still to issue count: a batch sent again is answered.
 */
async function refuseBeyondMinuteBudget(tx: Transaction, companyId: number, issuedAt: Date, newCodes: number) {
  if (newCodes === 0) return;
  const [recent] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<string | null>`min(${qrCodes.createdAt})`,
    })
    .from(qrCodes)
    .where(
      and(
        eq(qrCodes.companyId, companyId),
        sql`${qrCodes.createdAt} > ${issuedAt.toISOString()}::timestamptz - interval '1 minute'`,
      ),
    );
  if (recent!.count + newCodes <= BATCH_CODES_PER_MINUTE) return;
  const freedAt = recent!.oldest ? new Date(recent!.oldest).getTime() + 60_000 : issuedAt.getTime() + 60_000;
  const wait = Math.max(1, Math.ceil((freedAt - issuedAt.getTime()) / 1000));
  throw new ApiError(
    429,
    `Your firm can issue at most ${BATCH_CODES_PER_MINUTE} codes a minute in batches. Try again in ${wait} seconds.`,
    undefined,
    { "Retry-After": String(wait) },
  );
}

/**
 * Stores the rows of a batch as the builder every issue shares makes them (codesAsStored), issued
 * at `issuedAt`, in one statement, and answers each reference's new id. A clash of a random token
 * or verification code skips its row (ON CONFLICT DO NOTHING) rather than raising, since inside a
 * transaction a failed statement would abort it: the rows skipped are tried again with fresh ones,
 * and a row skipped for its reference is a code already issued for it (refuseTakenReference). The
 * batch checked the valuers, and holds the firm's lock, before this.
 */
async function insertBatchCodes(
  db: Queryable,
  origin: string,
  issuer: Issuer & { companyId: number },
  rows: CodeBatchRow[],
  issuedAt: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let left = rows;
  for (let attempt = 1; left.length > 0; attempt += 1) {
    if (attempt > TOKEN_ATTEMPTS) throw new Error(`No free public token after ${TOKEN_ATTEMPTS} tries`);
    if (attempt > 1) for (const row of left) await refuseTakenReference(db, issuer.companyId, row.externalReference);
    const inserted = await db.execute<{ id: string | number; external_reference: string }>(sql`
      INSERT INTO ${qrCodes} ${codesAsStored(origin, issuer, left, sql`${issuedAt.toISOString()}::timestamptz`)}
      ON CONFLICT DO NOTHING
      RETURNING id, external_reference`);
    for (const code of (inserted as unknown as { rows: { id: string | number; external_reference: string }[] }).rows) {
      ids.set(code.external_reference, Number(code.id));
    }
    left = left.filter((row) => !ids.has(row.externalReference!));
  }
  return ids;
}

/**
 * Issues a batch of codes in one transaction: each row as a single create would (the same valuer
 * rule, frozen issuer and signer, signed record), and a row whose reference already has a code
 * answers that code instead, so a batch cut off part way can simply be sent again. A row whose
 * reference has a code with other details refuses the batch (409, each such row named). A row naming a
 * valuer who cannot sign refuses the whole batch, with every such row named: nothing is issued
 * from a batch that is partly wrong.
 */
export async function issueCodeBatch(
  db: Transactional,
  signing: RecordSigning,
  owner: { userId: number; companyId: number },
  rows: CodeBatchRow[],
  outbox: Outbox,
): Promise<BatchResult[]> {
  return db.transaction(async (tx) => {
    await lockCompanyReferences(tx, owner.companyId);
    // The company row, as a single issue and an identity decision lock it: a withdrawal of the
    // firm's verification either waits for this batch or is over before it reads the time below.
    // The codes are issued at that time, not when the transaction began (it may have waited
    // behind another batch), so a batch queued behind a withdrawal can never commit green.
    const [issuing] = await tx
      .select({ at: sql<string>`clock_timestamp()` })
      .from(companies)
      .where(eq(companies.id, owner.companyId))
      .for("no key update");
    const issuedAt = new Date(issuing!.at);
    const references = rows.map((row) => row.externalReference!);
    const earlier = await tx
      .select()
      .from(qrCodes)
      .where(and(eq(qrCodes.companyId, owner.companyId), inArray(qrCodes.externalReference, references)));
    const earlierId = new Map(earlier.map((code) => [code.externalReference!, code.id]));
    // A row sent again must be the row that was issued: a corrected value under a used reference is
    // a new report, and answering the old code would hide that nothing was corrected.
    const stored = new Map(earlier.map((code) => [code.externalReference!, code]));
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

    // Only the rows still to issue need a signer who can sign today: a batch sent again after a
    // valuer left still answers the codes that valuer signed.
    const toIssue = rows.filter((row) => !earlierId.has(row.externalReference!));
    await refuseBeyondMinuteBudget(tx, owner.companyId, issuedAt, toIssue.length);
    const valuerIds = [...new Set(toIssue.map((row) => row.valuerId))];
    const signers =
      valuerIds.length === 0
        ? []
        : await tx
            .select({ id: valuers.id })
            .from(valuers)
            .where(and(inArray(valuers.id, valuerIds), maySign(owner.companyId)));
    const canSign = new Set(signers.map((signer) => signer.id));
    const refused = rows.flatMap((row, index) =>
      earlierId.has(row.externalReference!) || canSign.has(row.valuerId)
        ? []
        : [`codes.${index}.valuerId: ${CHOOSE_ACTIVE_VALUER}`],
    );
    if (refused.length > 0) throw new ApiError(400, "Validation failed", refused);
    // Paid before anything is issued: the balance row is locked and must cover every new row (402).
    const debit = await reserveBatchCredits(tx, owner.companyId, toIssue.length, signing.origin);

    // The valuers were checked above, in this transaction: no second look-up per row. Under the
    // company's lock no other issue can have taken a reference since the look-up above.
    const createdIds = await insertBatchCodes(tx, signing.origin, owner, toIssue, issuedAt);
    const outcomes: { status: BatchResult["status"]; id: number }[] = rows.map((row) => {
      const existing = earlierId.get(row.externalReference!);
      return existing === undefined
        ? { status: "created", id: createdIds.get(row.externalReference!)! }
        : { status: "existing", id: existing };
    });
    const codes = await selectCodes(tx).where(
      inArray(
        qrCodes.id,
        outcomes.map((outcome) => outcome.id),
      ),
    );
    const byId = new Map(codes.map((code) => [code.id, code]));
    const created = outcomes.filter((outcome) => outcome.status === "created").map((outcome) => outcome.id);
    outbox.emails.push(...(await debit(created)));
    // Every issued row fires code.issued as a single create does, in one statement for the batch.
    await outbox.record(
      tx,
      created.map((id) => issuedEvent(byId.get(id)!)),
    );
    // Every record in one append, the batch's last write: the log's head, which every signed
    // change on the platform takes, is held for one statement and the commit (decision 050).
    await signIssuedCertificates(tx, signing, created);
    return outcomes.map((outcome, index) => ({
      externalReference: rows[index]!.externalReference!,
      status: outcome.status,
      code: byId.get(outcome.id)!,
    }));
  });
}
