import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { toSnakeCase } from "drizzle-orm/casing";
import { companies, qrCodes, valuers } from "#schema/tables.ts";
import { RECORD_TYPES } from "#schema/signed-records.ts";
import type { CreateQrCode } from "#schema/validation/qr-codes.ts";
import type { Database } from "#worker/db.ts";
import { ApiError, COMPANY_DEACTIVATED, refusalOf } from "#worker/lib/errors.ts";
import type { RecordSigning } from "#worker/lib/signing.ts";
import { produced, statementPart, valueOf } from "#worker/lib/statement-parts.ts";
import { codesAsStored, FROZEN_FROM_COMPANY, FROZEN_FROM_VALUER, type Issuer } from "./code-as-stored";
import {
  answerOfClaim,
  KEY_CLAIM,
  keyClaimCte,
  type Answer,
  type IdempotentRequest,
  type KeyClaimRow,
} from "./idempotency";
import {
  CHOOSE_ACTIVE_VALUER,
  codeWithValuer,
  maySign,
  REFERENCE_LOCK_SPACE,
  refuseTakenReference,
  TOKEN_ATTEMPTS,
  type StoredCode,
} from "./qr-codes";
import {
  certificateRecord,
  certificateSourceOf,
  LOG_KINDS,
  logAppendCtes,
  LOGGED,
  SIGNING_PAUSED,
  type CertificateSourceRow,
} from "../records/signed-records";
import { issuedEvent, WEBHOOK_DELIVERY, webhookEventCtes, type Outbox } from "../integration/webhooks";
import { creditBalance, creditWarnings, DEBITED, debitCtes, PaymentRequired } from "../billing/credits";

/**
 * Round trip 1 of issuing a code: the code exactly as it will be stored (codesAsStored, the builder
 * batches use too), read back as every screen reads a code, with its certificate's source and
 * whether the valuer may sign. Nothing is written (but a sequence number): the Worker signs this
 * code's record from it, then stores code, record and answer together in round trip 2
 * (issueProspectiveCode).
 *
 * The code is a CTE named `qr_codes`, so the shared column list (codeWithValuer: the status, the
 * issuer's trust, the scan count…) and the certificate's source read it exactly as they read a
 * stored code. The issue is a plain query, so it can ride in one batch with the session check.
 */
export function prospectiveCodeQuery(db: Database, origin: string, issuer: Issuer, values: CreateQrCode) {
  const prospective = db.$with("qr_codes", {}).as(codesAsStored(origin, issuer, [values]));
  return db
    .with(prospective)
    .select({
      ...codeWithValuer,
      row: sql<Record<string, unknown>>`to_jsonb(qr_codes)`,
      certificate: sql<CertificateSourceRow>`(SELECT row_to_json(source) FROM (${certificateSourceOf(sql`qr_codes code`)}) source)`,
      signerFound: sql<boolean>`EXISTS (SELECT 1 FROM ${valuers} WHERE ${valuers.id} = ${qrCodes.valuerId} AND ${maySign(qrCodes.companyId)})`,
    })
    .from(qrCodes);
}

type ProspectiveCode = Awaited<ReturnType<typeof prospectiveCodeQuery>>[number];

/** What a create naming a valuer who may not sign is told, whichever round trip finds it. */
const valuerRefused = () => new ApiError(400, "Validation failed", [`valuerId: ${CHOOSE_ACTIVE_VALUER}`]);

/** Why round trip 2 stored nothing (refuse_statement's reasons). */
const REFUSALS = {
  noSigner: "no-signer",
  /** The company's identity or the valuer's details changed after round trip 1 froze them. */
  changed: "changed",
  notInserted: "not-inserted",
  signingPaused: "signing-paused",
  /** The firm's balance had no credit left for the code. */
  paymentRequired: "payment-required",
} as const;

/** The parts of round trip 2 written here; the others come from the modules named in its comment. */
const FROZEN = statementPart("frozen", []);
const REFERENCE_LOCK = statementPart("reference_lock", []);
const ISSUER_NOW = statementPart("issuer_now", ["unchanged"]);
const SIGNER_NOW = statementPart("signer_now", ["unchanged"]);
const STORED_CODE = statementPart("stored_code", ["id"]);

/** Each frozen column of the code (FROZEN) still equal to the column it copies. */
const stillAsFrozen = (columns: Record<string, AnyPgColumn>) =>
  sql.join(
    Object.entries(columns).map(
      ([key, column]) => sql`${column} IS NOT DISTINCT FROM ${FROZEN.name}.${sql.identifier(toSnakeCase(key))}`,
    ),
    sql` AND `,
  );

/**
 * Round trip 2: one statement that claims the Idempotency-Key (with the answer in it), then, as this
 * request's, takes the locks in the order every other issue and identity change takes them (the
 * firm's reference lock when the code names a reference, as batches do; the company row; then the
 * log's head) and checks that the company's identity and the valuer's details are still what the
 * code froze and that the valuer may still sign; inserts the code as round trip 1 built it, appends
 * its signed record to the transparency log and records its code.issued webhook deliveries. If any
 * of that cannot be done it refuses as a whole: nothing is written, the reason is in the error.
 *
 * The statement, in order (each part is a StatementPart exported by the module that writes it):
 *
 *   WITH claim            the Idempotency-Key, with this answer in it       codes/idempotency.ts
 *        frozen           the code as round trip 1 built it                 here
 *        reference_lock   the firm's lock, when the code names a reference  here
 *        issuer_now       the company row, locked: still as frozen?         here
 *        signer_now       the valuer, locked: still as frozen, may sign?    here
 *        stored_code      INSERT INTO qr_codes, only if all of that holds   here
 *        debited, debit_entry
 *                         one credit taken from the balance, and its entry  billing/credits.ts
 *        published_key, stopped_key, usable_key, logged
 *                         the signing key, then the record appended         records/signed-records.ts
 *        webhook_input, webhook_event, webhook_delivery
 *                         code.issued for each subscribed endpoint          integration/webhooks.ts
 *   SELECT claim.*, the delivery ids, and whether it was issued (or refuse_statement(why))
 */
async function issueProspectiveCode<T>(
  db: Database,
  signing: RecordSigning,
  code: ProspectiveCode,
  request: IdempotentRequest,
  answer: Answer<T>,
) {
  const companyId = code.companyId;
  const record = await signing.signer.sign(
    RECORD_TYPES.certificate,
    await certificateRecord(code.certificate, signing.origin, "issued"),
  );
  const ours = valueOf(KEY_CLAIM, "ours");
  const oursAndLocked = code.externalReference ? sql`${ours} AND ${produced(REFERENCE_LOCK)}` : ours;
  const unchanged = sql`${valueOf(ISSUER_NOW, "unchanged")} AND ${valueOf(SIGNER_NOW, "unchanged")}`;
  const result = await db.execute<
    KeyClaimRow & { delivery_ids: (string | number)[]; issued: boolean; balance_after: number | null }
  >(sql`
    WITH ${await keyClaimCte(request, answer)},
    ${FROZEN.define(sql`SELECT * FROM jsonb_populate_record(NULL::qr_codes, ${JSON.stringify(code.row)}::jsonb)`)},
    ${REFERENCE_LOCK.define(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_SPACE}, ${companyId}) WHERE ${ours}`)},
    ${ISSUER_NOW.define(sql`
      -- The company row is locked before the log's head: the insert's counter trigger updates it only
      -- as the statement ends, and a batch or an identity change locks it before the head.
      SELECT ${stillAsFrozen(FROZEN_FROM_COMPANY)} AS ${ISSUER_NOW.as.unchanged} FROM ${companies}, ${FROZEN.name}
      WHERE ${companies.id} = ${companyId} AND ${oursAndLocked}
      FOR NO KEY UPDATE OF ${companies}`)},
    ${SIGNER_NOW.define(sql`
      SELECT ${stillAsFrozen(FROZEN_FROM_VALUER)} AS ${SIGNER_NOW.as.unchanged} FROM ${valuers}, ${FROZEN.name}
      WHERE ${valuers.id} = ${code.valuerId} AND ${maySign(companyId)} AND ${produced(ISSUER_NOW)}
      FOR SHARE OF ${valuers}`)},
    ${STORED_CODE.define(sql`
      INSERT INTO qr_codes SELECT * FROM ${FROZEN.name} WHERE ${unchanged}
      ON CONFLICT DO NOTHING
      RETURNING id AS ${STORED_CODE.as.id}`)},
    ${debitCtes(companyId, STORED_CODE)},
    ${logAppendCtes(signing.signer, [{ kind: LOG_KINDS.certificate, subject: code.publicToken, record }], produced(DEBITED))},
    ${webhookEventCtes([issuedEvent(code)], produced(LOGGED))}
    SELECT ${KEY_CLAIM.name}.*,
      ARRAY(SELECT ${WEBHOOK_DELIVERY.column.id} FROM ${WEBHOOK_DELIVERY.name}) AS delivery_ids,
      ${valueOf(DEBITED, "balance_after")} AS balance_after,
      CASE WHEN NOT ${KEY_CLAIM.column.ours} THEN false
        WHEN NOT ${produced(SIGNER_NOW)} THEN refuse_statement(${REFUSALS.noSigner})
        WHEN NOT (${unchanged}) THEN refuse_statement(${REFUSALS.changed})
        WHEN NOT ${produced(STORED_CODE)} THEN refuse_statement(${REFUSALS.notInserted})
        WHEN NOT ${produced(DEBITED)} THEN refuse_statement(${REFUSALS.paymentRequired})
        WHEN NOT ${produced(LOGGED)} THEN refuse_statement(${REFUSALS.signingPaused})
        ELSE true END AS issued
    FROM ${KEY_CLAIM.name}`);
  const [row] = result.rows;
  if (!row) throw new Error("Issuing a code answered no row");
  return row;
}

/**
 * Issues one code in two round trips (one more only when a random token or verification code
 * clashes): round trip 1 builds the code (prospectiveCodeQuery; a route may pass its rows when it
 * sent the query in a batch with the session check), round trip 2 stores it with its signed record,
 * its webhook deliveries and the Idempotency-Key's answer (`answerOf` the code). A repeated key
 * answers the first answer (`replayed`). The same guarantees as one transaction: a code never
 * stands without its signed record, and a refused request leaves nothing, not even its key.
 */
export async function issueCode<T>(
  db: Database,
  signing: RecordSigning,
  outbox: Outbox,
  issue: { issuer: Issuer; values: CreateQrCode; request: IdempotentRequest; prospective?: ProspectiveCode[] },
  answerOf: (code: StoredCode) => T,
): Promise<Answer<T, 201> & { replayed: boolean }> {
  const { issuer, values, request } = issue;
  let prospective = issue.prospective;
  for (let attempt = 1; attempt <= TOKEN_ATTEMPTS; attempt += 1) {
    prospective ??= await prospectiveCodeQuery(db, signing.origin, issuer, values);
    const [candidate] = prospective;
    prospective = undefined;
    // The company was deactivated since the session was read (the session check refuses it otherwise).
    if (!candidate) throw new ApiError(403, COMPANY_DEACTIVATED);
    // With a key, round trip 2 decides: a repeated request is answered its first code even if its
    // valuer has left since; a new one is refused there for the same reason as here.
    if (!candidate.signerFound && !request.key) {
      throw valuerRefused();
    }
    const { row: _row, certificate: _certificate, signerFound: _signerFound, ...code } = candidate;
    const answer = { status: 201 as const, body: answerOf(code) };
    try {
      const stored = await issueProspectiveCode(db, signing, candidate, request, answer);
      if (!stored.issued) return { ...(await answerOfClaim<T, 201>(request, stored)), replayed: true };
      outbox.deliveryIds.push(...stored.delivery_ids.map(Number));
      const balanceAfter = Number(stored.balance_after);
      outbox.emails.push(...(await creditWarnings(db, code.companyId, balanceAfter + 1, balanceAfter)));
      return { ...answer, replayed: false };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === REFUSALS.noSigner) {
        throw valuerRefused();
      }
      if (refusal === REFUSALS.signingPaused) throw new ApiError(503, SIGNING_PAUSED);
      if (refusal === REFUSALS.paymentRequired)
        throw new PaymentRequired(await creditBalance(db, code.companyId), signing.origin);
      // The firm renamed itself or the valuer was edited meanwhile: the code is built again as they now stand.
      if (refusal === REFUSALS.changed) continue;
      if (refusal !== REFUSALS.notInserted) throw error;
      // A clash: the firm's reference already has a code, or (rarely) the random token or code did.
      await refuseTakenReference(db, code.companyId, code.externalReference);
    }
  }
  throw new Error(
    `The code was not issued in ${TOKEN_ATTEMPTS} tries (clashing tokens, or details changing meanwhile)`,
  );
}
