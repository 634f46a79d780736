import { and, countDistinct, desc, eq, ne, sql } from "drizzle-orm";
import { displayName } from "#schema/display-name.ts";
import { formatDate } from "#schema/format-date.ts";
import { type LetterState, SAME_TITLE_DIFFERENCE_PERCENT, SAME_TITLE_WINDOW_MONTHS } from "#schema/limits/lenders.ts";
import { acknowledgementsNeeded } from "#schema/reliance-acknowledgements.ts";
import { acknowledgementText } from "#verifier/texts/reliance-acknowledgements.ts";
import type { RelianceWarning } from "#schema/responses/index.ts";
import {
  companies,
  qrCodes,
  relianceLetterDecisions,
  relianceLetterRequests,
  reliances,
  users,
} from "#schema/tables.ts";
import type { RecordReliance } from "#schema/validation/reliances.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Database, Reader, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { randomToken } from "#worker/lib/random.ts";
import { keyedHash } from "#worker/lib/secrets-at-rest.ts";
import { selectCodes } from "../codes/qr-codes";
import { noticeWatchers } from "./watch-notices";
import {
  findReliedCode,
  maskedReference,
  reliedCodeAnswer,
  reliedCodeColumns,
  verifiedLenderName,
  type Lender,
  type ReliedCode,
} from "./relied-codes";
import { ensureWatch } from "./watches";
import { type Outbox, webhookCode } from "../integration/webhooks";

export const RELIANCE_ALREADY_RECORDED = "This reference's reliance on this valuation is already recorded";
/** The API sends the points as `acknowledged`, as the check's `mustConfirm` lists them. */
export const RELIANCE_NEEDS_CONFIRMATION = "Confirm each point below before relying on this valuation";

export const ADDRESSED_TO_ANOTHER =
  "Addressed to another institution — reliance needs a reliance letter from the issuer";
export const reliedOnElsewhere = (recordedAt: Date) =>
  `Another institution recorded reliance on this valuation on ${formatDate(recordedAt)}`;
/**
 * A band, never the difference itself: an exact percentage let a lender recover another firm's
 * valuation from a probe of its own (decision 038).
 */
export const SAME_TITLE_DIFFERS = `Another valuation of this title within ${SAME_TITLE_WINDOW_MONTHS} months differs by more than ${SAME_TITLE_DIFFERENCE_PERCENT} %`;

/** The purpose the loan references' keyed hash is derived for (worker/lib/secrets-at-rest.ts). */
const REFERENCE_HASH_PURPOSE = "reliance-reference";

/** A title compared as letters and digits only, any case: "LR 209/1234" and "lr209-1234" are one title. */
const titleKey = (column: typeof qrCodes.titleNumber | string) =>
  sql`upper(regexp_replace(${column}, '[^[:alnum:]]', '', 'g'))`;

/**
 * An institution's name as people write it in "Prepared For": any case, punctuation and spacing,
 * with or without "The" and "Limited"/"Ltd"/"PLC". Two names naming the same institution compare
 * equal; anything else is "another institution".
 */
export function institutionKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .split(" ")
    .filter((word) => word && !["the", "limited", "ltd", "plc"].includes(word))
    .join(" ");
}

/** Reliance on a code that no longer stands is refused, with the reason a lender can act on. */
export async function refuseIfNotStanding(db: Reader, code: ReliedCode) {
  if (code.status === "valid") return;
  if (code.status === "superseded") {
    const [successor] = await db
      .select({ verificationCode: qrCodes.verificationCode })
      .from(qrCodes)
      .where(eq(qrCodes.id, code.supersededById!));
    const replacement = successor ? ` (${formatVerificationCode(successor.verificationCode)})` : "";
    throw new ApiError(409, `This valuation was replaced by a newer one${replacement}. Record reliance on that one.`);
  }
  if (code.status === "revoked") {
    const reason = code.revokedReason ? `: ${code.revokedReason}` : "";
    throw new ApiError(409, `This valuation was revoked by its issuer${reason}. Reliance cannot be recorded.`);
  }
  throw new ApiError(409, `This valuation expired on ${formatDate(code.validUntil)}. Reliance cannot be recorded.`);
}

/**
 * What the lender should know before relying on the code: it is addressed to another institution,
 * another institution already relies on it, or another valuation of the same title within six
 * months differs by more than 15 %. None of them names the other institution or the other firm.
 */
async function warningsFor(db: Reader, code: ReliedCode, lender: Lender, lenderName: string) {
  const warnings: RelianceWarning[] = [];
  const letter = await lenderLetter(db, code.id, lender.companyId);
  // A reliance letter in force is the issuer's answer to this warning.
  const letterInForce =
    letter?.state === "granted" && letter.relianceUntil !== null && letter.relianceUntil.getTime() >= startOfTodayUtc();
  if (!letterInForce && code.addressee && institutionKey(code.addressee) !== institutionKey(lenderName)) {
    warnings.push({ kind: "addressed-to-another", message: ADDRESSED_TO_ANOTHER });
  }
  const [elsewhere] = await db
    .select({ first: sql<Date>`min(${reliances.createdAt})`.mapWith((value: string) => new Date(value)) })
    .from(reliances)
    .where(and(eq(reliances.codeId, code.id), ne(reliances.lenderCompanyId, lender.companyId)))
    .having(sql`count(*) > 0`);
  if (elsewhere) warnings.push({ kind: "relied-on-elsewhere", message: reliedOnElsewhere(elsewhere.first) });
  if (code.titleNumber) {
    const window = sql.raw(`interval '${SAME_TITLE_WINDOW_MONTHS} months'`);
    const [other] = await db
      .select({ id: qrCodes.id })
      .from(qrCodes)
      .where(
        and(
          sql`abs(${qrCodes.marketValue} - ${code.marketValue}::numeric) * 100 > ${SAME_TITLE_DIFFERENCE_PERCENT} * ${code.marketValue}::numeric`,
          sql`${titleKey(qrCodes.titleNumber)} = ${titleKey(code.titleNumber)}`,
          sql`${qrCodes.titleNumber} IS NOT NULL`,
          ne(qrCodes.id, code.id),
          eq(qrCodes.currency, code.currency),
          // A correction is not a second opinion: the code this one replaced, or its replacement.
          sql`${qrCodes.supersededById} IS DISTINCT FROM ${code.id}`,
          code.supersededById ? ne(qrCodes.id, code.supersededById) : undefined,
          sql`${qrCodes.valuationDate} BETWEEN ${code.valuationDate.toISOString()}::timestamptz - ${window} AND ${code.valuationDate.toISOString()}::timestamptz + ${window}`,
        ),
      )
      .limit(1);
    if (other) warnings.push({ kind: "same-title-differs", message: SAME_TITLE_DIFFERS });
  }
  return warnings;
}

const startOfTodayUtc = () => new Date(new Date().toISOString().slice(0, 10)).getTime();

/** The lender's own reliance-letter request for the code and the issuer's answer, if it asked. */
async function lenderLetter(db: Reader, codeId: number, lenderCompanyId: number) {
  const [letter] = await db
    .select({
      state: sql<LetterState>`coalesce(${relianceLetterDecisions.decision}, 'requested')`,
      requestedAt: relianceLetterRequests.createdAt,
      relianceUntil: relianceLetterDecisions.relianceUntil,
      reason: relianceLetterDecisions.reason,
    })
    .from(relianceLetterRequests)
    .leftJoin(relianceLetterDecisions, eq(relianceLetterDecisions.requestId, relianceLetterRequests.id))
    .where(and(eq(relianceLetterRequests.codeId, codeId), eq(relianceLetterRequests.lenderCompanyId, lenderCompanyId)));
  return letter ?? null;
}

/**
 * POST /api/reliances/check: the code, its standing, the warnings and the lender's own letter
 * request, recording nothing.
 */
export async function checkReliance(db: Database, lender: Lender, typed: string) {
  const lenderName = await verifiedLenderName(db, lender.companyId);
  const code = await findReliedCode(db, typed);
  await refuseIfNotStanding(db, code);
  const warnings = await warningsFor(db, code, lender, lenderName);
  return {
    code: reliedCodeAnswer(code),
    warnings,
    mustConfirm: acknowledgementsNeeded(code, warnings),
    letter: await lenderLetter(db, code.id, lender.companyId),
  };
}

/** The reference as a lender types it, whatever the spacing and case: what is hashed and hinted. */
const normalizedReference = (reference: string) => reference.normalize("NFKC").trim().toUpperCase();

/**
 * What is kept of the reference to show it masked: its last four characters, and never more than
 * half of it, so a short reference is not kept whole.
 */
function referenceHint(reference: string) {
  const kept = Math.min(4, Math.floor(reference.length / 2));
  return kept === 0 ? "" : reference.slice(-kept);
}

/**
 * Records the lender's reliance on a standing code, and watches the code for the lender. The
 * reference is stored as a keyed hash bound to the lender (two lenders' identical references hash
 * differently) and its last four characters. When other institutions already rely on the code, each
 * of them is told (a watch notice) and so is the issuer, without naming anyone. The answer carries
 * the warnings as they stand at this moment.
 */
export async function recordReliance(
  db: TransactionalDatabase,
  outbox: Outbox,
  hashKey: string,
  lender: Lender,
  input: RecordReliance,
) {
  const recorded = await db.transaction(async (tx) => {
    const lenderName = await verifiedLenderName(tx, lender.companyId);
    const code = await findReliedCode(tx, input.code, { lock: true });
    await refuseIfNotStanding(tx, code);
    // Two institutions recording at once must each see the other: one code's reliances are recorded
    // one at a time (a lock on the code's id, not its row, which scans count on).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RELIANCE_LOCK}, ${code.id})`);
    const warnings = await warningsFor(tx, code, lender, lenderName);
    // An amber certificate or a missing reliance letter is relied on only when the lender said so,
    // for what holds now: a verdict that changed since the check is confirmed again.
    const mustConfirm = acknowledgementsNeeded(code, warnings);
    const unconfirmed = mustConfirm.filter((kind) => !input.acknowledged.includes(kind));
    if (unconfirmed.length > 0) {
      throw new ApiError(
        409,
        RELIANCE_NEEDS_CONFIRMATION,
        unconfirmed.map((kind) => acknowledgementText(kind)),
      );
    }
    const [earlier] = await tx
      .select({ id: reliances.id })
      .from(reliances)
      .where(and(eq(reliances.codeId, code.id), eq(reliances.lenderCompanyId, lender.companyId)))
      .limit(1);
    const alreadyRelied = earlier !== undefined;
    const reference = normalizedReference(input.reference);
    const [row] = await tx
      .insert(reliances)
      .values({
        publicId: randomToken(20),
        codeId: code.id,
        lenderCompanyId: lender.companyId,
        recordedBy: lender.userId,
        referenceHash: await keyedHash(hashKey, REFERENCE_HASH_PURPOSE, `${lender.companyId}:${reference}`),
        referenceHint: referenceHint(reference),
        amount: input.amount,
        currency: code.currency,
        reliedOn: input.reliedOn,
        acknowledged: mustConfirm,
      })
      .onConflictDoNothing()
      .returning({ publicId: reliances.publicId });
    if (!row) throw new ApiError(409, RELIANCE_ALREADY_RECORDED);
    await ensureWatch(tx, code.id, lender);
    // Another loan of a lender already relying is not a second institution: only a lender's first
    // reliance on a code already relied on elsewhere alerts the others.
    if (warnings.some((warning) => warning.kind === "relied-on-elsewhere") && !alreadyRelied) {
      await alertDuplicateReliance(tx, outbox, code.id, lender.companyId);
    }
    return { publicId: row.publicId, warnings };
  });
  const [reliance] = await lenderReliances(db, lender.companyId, recorded.publicId);
  return { reliance: reliance!, warnings: recorded.warnings };
}

/** The advisory lock space of one code's reliances (any constant; the second key is the code's id). */
const RELIANCE_LOCK = 7301;

/**
 * A second institution relies on the code: the earlier ones are told (a notice on their watches,
 * and `reliance.duplicate` to their webhooks), and so is the issuer (its owner by email, its
 * webhooks). Nobody is told who the others are; the issuer learns how many institutions rely.
 */
async function alertDuplicateReliance(tx: Transaction, outbox: Outbox, codeId: number, lenderCompanyId: number) {
  await noticeWatchers(tx, outbox, "reliance.duplicate", {
    codeId,
    relyingOnly: true,
    exceptLenderId: lenderCompanyId,
  });
  const [code] = await selectCodes(tx).where(eq(qrCodes.id, codeId));
  const [issuer] = await tx
    .select({ owner: users.email, companyName: companies.name })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, code!.companyId));
  const [relied] = await tx
    .select({ institutions: countDistinct(reliances.lenderCompanyId) })
    .from(reliances)
    .where(eq(reliances.codeId, codeId));
  const institutions = relied?.institutions ?? 0;
  if (!issuer) return;
  await outbox.record(tx, [
    {
      companyId: code!.companyId,
      type: "reliance.duplicate",
      codeId,
      data: { code: webhookCode(code!), institutions },
    },
  ]);
  outbox.emails.push({
    kind: "reliance-duplicate",
    to: issuer.owner,
    companyName: issuer.companyName,
    codeId,
    code: {
      verificationCode: code!.verificationCode ? formatVerificationCode(code!.verificationCode) : null,
      address: code!.propertyAddress,
      validUntil: code!.validUntil.toISOString().slice(0, 10),
      reason: null,
      replacement: null,
    },
    institutions,
  });
}

/** The lender's reliances, newest first (one, when `publicId` names it); never another lender's. */
export async function lenderReliances(db: Reader, lenderCompanyId: number, publicId?: string) {
  const rows = await db
    .select({
      id: reliances.publicId,
      code: reliedCodeColumns,
      referenceHint: reliances.referenceHint,
      amount: reliances.amount,
      currency: reliances.currency,
      reliedOn: reliances.reliedOn,
      recordedAt: reliances.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(reliances)
    .innerJoin(qrCodes, eq(qrCodes.id, reliances.codeId))
    .leftJoin(users, eq(users.id, reliances.recordedBy))
    .where(
      and(
        eq(reliances.lenderCompanyId, lenderCompanyId),
        publicId === undefined ? undefined : eq(reliances.publicId, publicId),
      ),
    )
    .orderBy(desc(reliances.createdAt), desc(reliances.id));
  return rows.map(({ code, referenceHint, firstName, lastName, email, ...reliance }) => ({
    ...reliance,
    code: reliedCodeAnswer(code),
    maskedReference: maskedReference(referenceHint),
    recordedBy: email === null ? null : displayName({ firstName, lastName, email }),
  }));
}
