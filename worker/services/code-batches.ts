import { and, eq, inArray } from "drizzle-orm";

import { qrCodes, valuers } from "../../schema/tables";
import type { CodeBatchRow } from "../../schema/validation/qr-codes";
import type { Transactional } from "../db";
import { ApiError } from "../lib/errors";
import type { RecordSigning } from "../lib/signing";
import {
  CHOOSE_ACTIVE_VALUER,
  createSignedCode,
  maySign,
  lockCompanyReferences,
  selectCodes,
  type StoredCode,
} from "./qr-codes";
import { issuedEvent, type WebhookEventInput, type Outbox } from "./webhooks";

export interface BatchResult {
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

    const outcomes: { status: BatchResult["status"]; id: number }[] = [];
    const issued: WebhookEventInput[] = [];
    for (const row of rows) {
      const existing = earlierId.get(row.externalReference!);
      if (existing !== undefined) {
        outcomes.push({ status: "existing", id: existing });
        continue;
      }
      // The valuers were checked above, in this transaction: no second look-up per row. Under the
      // company's lock no other issue can have taken a reference since the look-up above.
      const code = await createSignedCode(tx, signing, { ...row, ...owner });
      outcomes.push({ status: "created", id: code.id });
      issued.push(issuedEvent(code));
    }
    // Every issued row fires code.issued as a single create does, in one statement for the batch.
    await outbox.record(tx, issued);
    const codes = await selectCodes(tx).where(
      inArray(
        qrCodes.id,
        outcomes.map((outcome) => outcome.id),
      ),
    );
    const byId = new Map(codes.map((code) => [code.id, code]));
    return outcomes.map((outcome, index) => ({
      externalReference: rows[index]!.externalReference!,
      status: outcome.status,
      code: byId.get(outcome.id)!,
    }));
  });
}
