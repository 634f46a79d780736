import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { toSnakeCase } from "drizzle-orm/casing";
import { companies, qrCodes, valuers } from "#schema/tables.ts";
import { RECORD_TYPES } from "#schema/signed-records.ts";
import type { CreateQrCode } from "#schema/validation/qr-codes.ts";
import type { Database } from "#worker/db.ts";
import { ApiError, COMPANY_DEACTIVATED, refusalOf } from "#worker/lib/errors.ts";
import type { RecordSigning } from "#worker/lib/signing.ts";
import { produced, statementPart, valueOf, type StatementPart } from "#worker/lib/statement-parts.ts";
import { codesAsStored, FROZEN_FROM_COMPANY, FROZEN_FROM_VALUER, ISSUER_STANDING, type Issuer } from "./code-as-stored";
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
 * Round trip 1 of issuing codes (one, or a batch's): the codes exactly as they will be stored
 * (codesAsStored), read back as every screen reads a code, each with its certificate's source,
 * whether its valuer may sign, and the issuer's standing as it is now (ISSUER_STANDING). Nothing is
 * written (but sequence numbers): the Worker signs each code's record from this, then stores codes,
 * records and answer together in round trip 2 (storeProspectiveCodes).
 *
 * The codes are a CTE named `qr_codes`, so the shared column list (codeWithValuer: the status, the
 * issuer's trust, the scan count…) and the certificate's source read them exactly as they read a
 * stored code. The issue is a plain query, so it can ride in one batch with the session check.
 */
export function prospectiveCodesQuery(db: Database, origin: string, issuer: Issuer, forms: CreateQrCode[]) {
  const prospective = db.$with("qr_codes", {}).as(codesAsStored(origin, issuer, forms));
  return db
    .with(prospective)
    .select({
      ...codeWithValuer,
      row: sql<Record<string, unknown>>`to_jsonb(qr_codes)`,
      // Each code's own source: `code` is the CTE again, `qr_codes` the row this select is at.
      certificate: sql<CertificateSourceRow>`(SELECT row_to_json(source)
        FROM (${certificateSourceOf(sql`qr_codes code`, sql`code.id = ${qrCodes.id}`)}) source)`,
      signerFound: sql<boolean>`EXISTS (SELECT 1 FROM ${valuers} WHERE ${valuers.id} = ${qrCodes.valuerId} AND ${maySign(qrCodes.companyId)})`,
      issuerStanding: sql<unknown>`(SELECT ${ISSUER_STANDING} FROM ${companies} WHERE ${companies.id} = ${qrCodes.companyId})`,
    })
    .from(qrCodes);
}

export type ProspectiveCode = Awaited<ReturnType<typeof prospectiveCodesQuery>>[number];

/** The code as it is answered: the prospective row without what only storing it needs. */
export function prospectiveAnswer({
  row: _row,
  certificate: _certificate,
  signerFound: _signer,
  issuerStanding: _standing,
  ...code
}: ProspectiveCode): StoredCode {
  return code;
}

/** What a create naming a valuer who may not sign is told, whichever round trip finds it. */
const valuerRefused = () => new ApiError(400, "Validation failed", [`valuerId: ${CHOOSE_ACTIVE_VALUER}`]);

/** Why round trip 2 stored nothing (refuse_statement's reasons). */
const REFUSALS = {
  noSigner: "no-signer",
  /**
   * The company's identity, its standing (verification, suspension) or a valuer's details changed
   * after round trip 1 built the codes: they are built and signed again as things now stand.
   */
  changed: "changed",
  notInserted: "not-inserted",
  /** A batch would take the firm past its codes a minute. */
  overBudget: "over-budget",
  signingPaused: "signing-paused",
  /** The firm's balance had too few credits for the codes. */
  paymentRequired: "payment-required",
} as const;

/** The parts of round trip 2 written here; the others come from the modules named in its comment. */
const FROZEN = statementPart("frozen", []);
const REFERENCE_LOCK = statementPart("reference_lock", []);
const ISSUER_NOW = statementPart("issuer_now", ["unchanged"]);
/** The codes' valuers, locked; then, per code, whether its valuer is still as frozen (SIGNER_NOW). */
const SIGNERS = statementPart("signers", []);
const SIGNER_NOW = statementPart("signer_now", ["unchanged"]);
const WITHIN_BUDGET = statementPart("within_budget", ["ok"]);
const STORED_CODE = statementPart("stored_code", ["id"]);

/** Each frozen column of the code (FROZEN) still equal to the column it copies. */
const stillAsFrozen = (columns: Record<string, AnyPgColumn>) =>
  sql.join(
    Object.entries(columns).map(
      ([key, column]) => sql`${column} IS NOT DISTINCT FROM ${FROZEN.name}.${sql.identifier(toSnakeCase(key))}`,
    ),
    sql` AND `,
  );

/** Whether every row of a part of per-code checks says `unchanged` (false when it has none). */
const allUnchanged = (part: StatementPart<"unchanged">) =>
  sql`coalesce((SELECT bool_and(${part.as.unchanged}) FROM ${part.name}), false)`;

/**
 * Round trip 2: one statement that claims the Idempotency-Key (with the answer in it; batches have
 * none), then takes the locks in the order every other issue and identity change takes them (the
 * firm's reference lock when a code names a reference, as batches' codes all do; the company row;
 * then the log's head) and checks that the company's identity and standing and each valuer's
 * details are still what round trip 1 froze and that each valuer may still sign; for a batch, that
 * the firm stays within its codes a minute, counting any batch it waited for; inserts the codes as
 * round trip 1 built them, pays for them, appends their signed records to the transparency log and
 * records their code.issued webhook deliveries. If any of that cannot be done for every code it
 * refuses as a whole: nothing is written, the reason is in the error. One statement whatever the
 * number of codes: a batch of 500 costs the round trips of one code (issue 51).
 *
 * The statement, in order (each part is a StatementPart exported by the module that writes it):
 *
 *   WITH claim            the Idempotency-Key, with this answer in it       codes/idempotency.ts
 *        frozen           the codes as round trip 1 built them              here
 *        reference_lock   the firm's lock, when a code names a reference    here
 *        issuer_now       the company row, locked: still as frozen?         here
 *        signers          the codes' valuers who may sign, locked by id     here
 *        signer_now       each code's valuer still as frozen?               here
 *        within_budget    a batch's codes a minute, read after the locks    here
 *        stored_code      INSERT INTO qr_codes, only if all of that holds   here
 *        debited, debit_entry
 *                         a credit per code from the balance, the entries   billing/credits.ts
 *        published_key, stopped_key, usable_key, logged
 *                         the signing key, then the records appended        records/signed-records.ts
 *        webhook_input, webhook_event, webhook_delivery
 *                         code.issued for each subscribed endpoint          integration/webhooks.ts
 *   SELECT claim.*, the delivery ids, the balance left, and whether they were issued (or
 *          refuse_statement(why))
 */
async function storeProspectiveCodes(
  db: Database,
  signing: RecordSigning,
  codes: ProspectiveCode[],
  claim: SQL,
  minuteBudget: number | null,
) {
  const { companyId } = codes[0]!;
  const records = await Promise.all(
    codes.map(async (code) =>
      signing.signer.sign(
        RECORD_TYPES.certificate,
        await certificateRecord(code.certificate, signing.origin, "issued"),
      ),
    ),
  );
  const count = codes.length;
  const ours = valueOf(KEY_CLAIM, "ours");
  const oursAndLocked = codes.some((code) => code.externalReference)
    ? sql`${ours} AND ${produced(REFERENCE_LOCK)}`
    : ours;
  const signersFound = sql`(SELECT count(*) FROM ${SIGNER_NOW.name}) = ${count}`;
  const unchanged = sql`${allUnchanged(ISSUER_NOW)} AND ${allUnchanged(SIGNER_NOW)}`;
  const withinBudget = valueOf(WITHIN_BUDGET, "ok");
  const result = await db.execute<
    KeyClaimRow & { delivery_ids: (string | number)[]; issued: boolean; balance_after: number | null }
  >(sql`
    WITH ${claim},
    ${FROZEN.define(sql`SELECT * FROM jsonb_populate_recordset(NULL::qr_codes, ${JSON.stringify(codes.map((code) => code.row))}::jsonb)`)},
    ${REFERENCE_LOCK.define(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_SPACE}, ${companyId}) WHERE ${ours}`)},
    ${ISSUER_NOW.define(sql`
      -- The company row is locked before the log's head: the insert's counter trigger updates it only
      -- as the statement ends, and an identity change locks it before the head. Locked, it is read
      -- as it now is, even if it changed after this statement began.
      SELECT ${stillAsFrozen(FROZEN_FROM_COMPANY)} AND ${ISSUER_STANDING} = ${JSON.stringify(codes[0]!.issuerStanding)}::jsonb
        AS ${ISSUER_NOW.as.unchanged}
      FROM ${companies}, ${FROZEN.name}
      WHERE ${companies.id} = ${companyId} AND ${oursAndLocked}
      FOR NO KEY UPDATE OF ${companies}`)},
    ${SIGNERS.define(sql`
      -- Each valuer once, locked in id order as every statement that locks several takes them.
      SELECT ${valuers}.* FROM ${valuers}
      WHERE ${valuers.id} IN (SELECT valuer_id FROM ${FROZEN.name}) AND ${maySign(companyId)} AND ${produced(ISSUER_NOW)}
      ORDER BY ${valuers.id}
      FOR SHARE OF ${valuers}`)},
    ${SIGNER_NOW.define(sql`
      SELECT ${stillAsFrozen(FROZEN_FROM_VALUER)} AS ${SIGNER_NOW.as.unchanged}
      FROM ${SIGNERS.name} AS ${valuers}, ${FROZEN.name}
      WHERE ${valuers.id} = ${FROZEN.name}.valuer_id`)},
    ${WITHIN_BUDGET.define(
      minuteBudget === null
        ? sql`SELECT true AS ${WITHIN_BUDGET.as.ok}`
        : // Called after issuer_now's lock (it reads a row of it), so it counts a batch this one waited for.
          sql`SELECT codes_issued_in_last_minute(${companyId}) + ${count} <= ${minuteBudget} AS ${WITHIN_BUDGET.as.ok}
            FROM (SELECT 1 FROM ${ISSUER_NOW.name} LIMIT 1) locked`,
    )},
    ${STORED_CODE.define(sql`
      INSERT INTO qr_codes SELECT * FROM ${FROZEN.name} WHERE ${signersFound} AND ${unchanged} AND ${withinBudget}
      ON CONFLICT DO NOTHING
      RETURNING id AS ${STORED_CODE.as.id}`)},
    ${debitCtes(companyId, STORED_CODE, count)},
    ${logAppendCtes(
      signing.signer,
      codes.map((code, index) => ({ kind: LOG_KINDS.certificate, subject: code.publicToken, record: records[index]! })),
      produced(DEBITED),
    )},
    ${webhookEventCtes(codes.map(issuedEvent), produced(LOGGED))}
    SELECT ${KEY_CLAIM.name}.*,
      ARRAY(SELECT ${WEBHOOK_DELIVERY.column.id} FROM ${WEBHOOK_DELIVERY.name}) AS delivery_ids,
      ${valueOf(DEBITED, "balance_after")} AS balance_after,
      CASE WHEN NOT ${KEY_CLAIM.column.ours} THEN false
        WHEN NOT ${signersFound} THEN refuse_statement(${REFUSALS.noSigner})
        WHEN NOT (${unchanged}) THEN refuse_statement(${REFUSALS.changed})
        WHEN NOT coalesce(${withinBudget}, false) THEN refuse_statement(${REFUSALS.overBudget})
        WHEN (SELECT count(*) FROM ${STORED_CODE.name}) < ${count} THEN refuse_statement(${REFUSALS.notInserted})
        WHEN NOT ${produced(DEBITED)} THEN refuse_statement(${REFUSALS.paymentRequired})
        WHEN NOT ${produced(LOGGED)} THEN refuse_statement(${REFUSALS.signingPaused})
        ELSE true END AS issued
    FROM ${KEY_CLAIM.name}`);
  const [row] = result.rows;
  if (!row) throw new Error("Issuing codes answered no row");
  return row;
}

/**
 * Stores codes built by round trip 1 (prospectiveCodesQuery), all or none, with their signed
 * records and webhook deliveries (round trip 2, storeProspectiveCodes), and pays for them. Answers
 * how it went; the refusals a caller acts on (the codes must be built again, a valuer may not sign,
 * the balance, the minute's budget) come back as their REFUSALS reason, any other failure is thrown.
 */
export async function storeCodes(
  db: Database,
  signing: RecordSigning,
  outbox: Outbox,
  codes: ProspectiveCode[],
  options: { claim: SQL; minuteBudget?: number },
): Promise<
  | { stored: true }
  | { stored: false; claim: KeyClaimRow }
  | { stored: false; refusal: Exclude<(typeof REFUSALS)[keyof typeof REFUSALS], "signing-paused" | "payment-required"> }
> {
  const companyId = codes[0]!.companyId;
  try {
    const stored = await storeProspectiveCodes(db, signing, codes, options.claim, options.minuteBudget ?? null);
    if (!stored.issued) return { stored: false, claim: stored };
    outbox.deliveryIds.push(...stored.delivery_ids.map(Number));
    const balanceAfter = Number(stored.balance_after);
    outbox.emails.push(...(await creditWarnings(db, companyId, balanceAfter + codes.length, balanceAfter)));
    return { stored: true };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === REFUSALS.signingPaused) throw new ApiError(503, SIGNING_PAUSED);
    if (refusal === REFUSALS.paymentRequired)
      throw new PaymentRequired(await creditBalance(db, companyId), signing.origin, codes.length);
    if (
      refusal === REFUSALS.noSigner ||
      refusal === REFUSALS.changed ||
      refusal === REFUSALS.notInserted ||
      refusal === REFUSALS.overBudget
    ) {
      return { stored: false, refusal };
    }
    throw error;
  }
}

/**
 * Issues one code in two round trips (one more only when a random token or verification code
 * clashes): round trip 1 builds the code (prospectiveCodesQuery; a route may pass its rows when it
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
    prospective ??= await prospectiveCodesQuery(db, signing.origin, issuer, [values]);
    const [candidate] = prospective;
    prospective = undefined;
    // The company was deactivated since the session was read (the session check refuses it otherwise).
    if (!candidate) throw new ApiError(403, COMPANY_DEACTIVATED);
    // With a key, round trip 2 decides: a repeated request is answered its first code even if its
    // valuer has left since; a new one is refused there for the same reason as here.
    if (!candidate.signerFound && !request.key) {
      throw valuerRefused();
    }
    const code = prospectiveAnswer(candidate);
    const answer = { status: 201 as const, body: answerOf(code) };
    const outcome = await storeCodes(db, signing, outbox, [candidate], { claim: await keyClaimCte(request, answer) });
    if (outcome.stored) return { ...answer, replayed: false };
    if ("claim" in outcome) return { ...(await answerOfClaim<T, 201>(request, outcome.claim)), replayed: true };
    if (outcome.refusal === REFUSALS.noSigner) throw valuerRefused();
    // The firm renamed itself or the valuer was edited meanwhile: the code is built again as they now stand.
    if (outcome.refusal === REFUSALS.changed) continue;
    // A clash: the firm's reference already has a code, or (rarely) the random token or code did.
    await refuseTakenReference(db, code.companyId, code.externalReference);
  }
  throw new Error(
    `The code was not issued in ${TOKEN_ATTEMPTS} tries (clashing tokens, or details changing meanwhile)`,
  );
}
