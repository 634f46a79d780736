import { and, countDistinct, desc, eq, sql } from "drizzle-orm";
import type { LetterState } from "#schema/limits/lenders.ts";
import {
  companies,
  qrCodes,
  relianceLetterDecisions,
  relianceLetterRequests,
  reliances,
  users,
} from "#schema/tables.ts";
import type { LetterDecisionInput } from "#schema/validation/reliances.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Reader, TransactionalDatabase } from "#worker/db.ts";
import type { WatchedCodeSummary } from "#worker/lib/email-templates.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { parseId } from "#worker/lib/validation.ts";
import { randomToken } from "#worker/lib/random.ts";
import { institutionKey, refuseIfNotStanding } from "./reliances";
import { type Lender } from "./relied-codes";
import { findReliedCode, type ReliedCode, verifiedLenderName } from "./relied-codes";
import { CODE_NOT_FOUND } from "../codes/qr-codes";
import { ensureWatch } from "./watches";
import type { Outbox } from "../integration/webhooks";

/**
 * Reliance letters. By default only the institution a valuation is addressed to may rely on it;
 * another lender asks the issuer for a letter, and the issuer's owner grants one (addressed to that
 * lender, with its own reliance period, shown on the certificate) or declines it with a reason. The
 * request and the decision are separate rows, each written once.
 */

export const LETTER_NOT_NEEDED = "This valuation is addressed to your institution: no reliance letter is needed";
export const LETTER_ALREADY_REQUESTED = "Your institution already asked for a reliance letter for this valuation";
export const LETTER_REQUESTED = "Reliance letter requested. You will be told when the issuer answers.";
const LETTER_NOT_FOUND = "Reliance letter request not found";
export const LETTER_ALREADY_ANSWERED = "This request has already been answered";
export const LENDER_NO_LONGER_VERIFIED =
  "ValuSeal is reviewing this lender's identity again, so a letter cannot name it now. Decline, or answer once it is verified.";
/** Request ids are randomToken(20). */
const LETTER_ID_FORMAT = /^[A-Za-z0-9]{20}$/;

const summary = (code: {
  verificationCode: string | null;
  propertyAddress: string;
  validUntil: Date;
}): WatchedCodeSummary => ({
  verificationCode: code.verificationCode,
  address: code.propertyAddress,
  validUntil: code.validUntil.toISOString().slice(0, 10),
  reason: null,
  replacement: null,
});

/**
 * POST /api/reliances/letters: the lender asks the code's issuer for a reliance letter, once, and
 * watches the code. Only for a standing code addressed to another institution.
 */
export async function requestLetter(db: TransactionalDatabase, outbox: Outbox, lender: Lender, typed: string) {
  return db.transaction(async (tx) => {
    const lenderName = await verifiedLenderName(tx, lender.companyId);
    const code: ReliedCode = await findReliedCode(tx, typed, { lock: true });
    await refuseIfNotStanding(tx, code);
    if (!code.addressee || institutionKey(code.addressee) === institutionKey(lenderName)) {
      throw new ApiError(409, LETTER_NOT_NEEDED);
    }
    const [request] = await tx
      .insert(relianceLetterRequests)
      .values({
        publicId: randomToken(20),
        codeId: code.id,
        lenderCompanyId: lender.companyId,
        requestedBy: lender.userId,
      })
      .onConflictDoNothing()
      .returning({ createdAt: relianceLetterRequests.createdAt });
    if (!request) throw new ApiError(409, LETTER_ALREADY_REQUESTED);
    await ensureWatch(tx, code.id, lender);
    const [issuer] = await tx
      .select({ owner: users.email, codeId: qrCodes.id, propertyAddress: qrCodes.propertyAddress })
      .from(qrCodes)
      .innerJoin(companies, eq(companies.id, qrCodes.companyId))
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(qrCodes.id, code.id));
    if (issuer) {
      outbox.emails.push({
        kind: "letter-requested",
        to: issuer.owner,
        lenderName,
        codeId: issuer.codeId,
        code: summary({ ...code, propertyAddress: issuer.propertyAddress }),
      });
    }
    return { message: LETTER_REQUESTED };
  });
}

/**
 * The code's side of reliance as its firm sees it: how many institutions rely on it (never which,
 * nor their loans), and the reliance-letter requests, which name their lender because a letter is
 * addressed to it.
 */
export async function codeReliance(db: Reader, companyId: number, rawCodeId: string) {
  const codeId = parseId(rawCodeId, CODE_NOT_FOUND);
  const [code] = await db
    .select({ id: qrCodes.id })
    .from(qrCodes)
    .where(and(eq(qrCodes.id, codeId), eq(qrCodes.companyId, companyId)));
  if (!code) throw notFound(CODE_NOT_FOUND);
  const [relied] = await db
    .select({ institutions: countDistinct(reliances.lenderCompanyId) })
    .from(reliances)
    .where(eq(reliances.codeId, code.id));
  const letters = await db
    .select({
      id: relianceLetterRequests.publicId,
      lenderName: sql<string>`coalesce(${relianceLetterDecisions.lenderName}, ${companies.name})`,
      requestedAt: relianceLetterRequests.createdAt,
      state: sql<LetterState>`coalesce(${relianceLetterDecisions.decision}, 'requested')`,
      relianceUntil: relianceLetterDecisions.relianceUntil,
      reason: relianceLetterDecisions.reason,
      decidedAt: relianceLetterDecisions.createdAt,
    })
    .from(relianceLetterRequests)
    .innerJoin(companies, eq(companies.id, relianceLetterRequests.lenderCompanyId))
    .leftJoin(relianceLetterDecisions, eq(relianceLetterDecisions.requestId, relianceLetterRequests.id))
    .where(eq(relianceLetterRequests.codeId, code.id))
    .orderBy(desc(relianceLetterRequests.createdAt), desc(relianceLetterRequests.id));
  return { institutions: relied?.institutions ?? 0, letters };
}

/**
 * The owner's answer to a request, once: a granted letter is addressed to the lender's verified name
 * as it stands now (frozen on the decision) and extends reliance until its own date. The lender's
 * users are told by email.
 */
export async function grantOrRefuseLetter(
  db: TransactionalDatabase,
  outbox: Outbox,
  actorId: number,
  companyId: number,
  rawCodeId: string,
  letterId: string,
  input: LetterDecisionInput,
) {
  const codeId = parseId(rawCodeId, CODE_NOT_FOUND);
  if (!LETTER_ID_FORMAT.test(letterId)) throw notFound(LETTER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: relianceLetterRequests.id,
        lenderCompanyId: relianceLetterRequests.lenderCompanyId,
        lenderName: companies.name,
        lenderVerified: sql<boolean>`${companies.verificationStatus} = 'verified' AND ${companies.isActive}`,
        issuerName: qrCodes.issuerName,
        verificationCode: qrCodes.verificationCode,
        propertyAddress: qrCodes.propertyAddress,
        validUntil: qrCodes.validUntil,
      })
      .from(relianceLetterRequests)
      .innerJoin(qrCodes, eq(qrCodes.id, relianceLetterRequests.codeId))
      .innerJoin(companies, eq(companies.id, relianceLetterRequests.lenderCompanyId))
      .where(
        and(
          eq(relianceLetterRequests.publicId, letterId),
          eq(relianceLetterRequests.codeId, codeId),
          eq(qrCodes.companyId, companyId),
        ),
      );
    if (!request) throw notFound(LETTER_NOT_FOUND);
    const granted = input.decision === "granted";
    // A letter names the lender on the public certificate: only as ValuSeal has verified it, now.
    if (granted && !request.lenderVerified) throw new ApiError(409, LENDER_NO_LONGER_VERIFIED);
    const [decided] = await tx
      .insert(relianceLetterDecisions)
      .values({
        requestId: request.id,
        decision: input.decision,
        lenderName: granted ? request.lenderName : null,
        relianceUntil: granted ? input.relianceUntil : null,
        reason: granted ? null : input.reason,
        decidedBy: actorId,
      })
      .onConflictDoNothing()
      .returning({ id: relianceLetterDecisions.id });
    if (!decided) throw new ApiError(409, LETTER_ALREADY_ANSWERED);
    const recipients = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.companyId, request.lenderCompanyId),
          eq(users.isActive, true),
          sql`${users.emailVerifiedAt} IS NOT NULL`,
        ),
      );
    const code = summary({
      ...request,
      verificationCode: request.verificationCode ? formatVerificationCode(request.verificationCode) : null,
    });
    outbox.emails.push(
      ...recipients.map(({ email, language }) => ({
        kind: "letter-decided" as const,
        to: email,
        language,
        issuerName: request.issuerName,
        code,
        decision: input.decision,
        relianceUntil: granted ? input.relianceUntil.toISOString().slice(0, 10) : null,
        reason: granted ? null : input.reason,
      })),
    );
  });
}
