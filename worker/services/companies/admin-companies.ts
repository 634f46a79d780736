import type { RecordSigning } from "#worker/lib/signing.ts";
import { signIssuerDecision } from "../records/signed-records";
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { IssuerReviewState } from "#schema/limits/companies.ts";
import { codeTitle } from "#schema/code-description.ts";
import { codeConfirmationRequests, companies, issuerVerifications, qrCodes, users, valuers } from "#schema/tables.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { VerificationDecided } from "#worker/lib/email-templates.ts";
import type { Database, Reader, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { issuerTrustColumn } from "#worker/lib/issuer-trust.ts";
import { containsPattern } from "#worker/lib/like-patterns.ts";
import { countOf, totalColumn, type PageRange } from "#worker/lib/pagination.ts";
import { recordAudit } from "./audit";
import { noticeWatchers } from "../lenders/watch-notices";
import type { Outbox } from "../integration/webhooks";
import { endFootholds, markIdentityProven } from "../accounts/account-recovery";

import {
  COMPANY_NOT_FOUND,
  endVerificationInForce,
  profileColumns,
  registrationColumns,
  verificationRecordColumns,
  verificationRecordFields,
} from "./companies";
import { scanCountColumn } from "#worker/lib/scan-count-shards.ts";

/** The details dialog shows the newest codes; qrCodeCount on the company says how many exist in all. */
const COMPANY_DETAILS_CODE_LIMIT = 200;

/**
 * Companies as administrators see and act on them: the list with counts and search, one company's
 * details, activation, the owner's password reset and the decision on the firm's identity. A
 * company's own view is ./companies.
 */
/** A count evaluated per company row, served by the valuers' company index. */
const countValuers = (condition: SQL | undefined) =>
  sql<number>`(select count(*) from ${valuers} where ${condition})`.mapWith(Number);

/**
 * One row per company with its owner's email and counts: correlated subqueries, so the whole list
 * is one query, not one per company. Valuers removed by their company (deletedAt) are not counted.
 */
export const companyRow = {
  ...profileColumns,
  ...registrationColumns,
  userEmail: users.email,
  kind: companies.kind,
  lenderType: companies.lenderType,
  // Kept by a trigger on qr_codes (migration 0002): no count over a large company's codes per row.
  qrCodeCount: companies.qrCodeCount,
  valuerCount: countValuers(and(eq(valuers.companyId, companies.id), isNull(valuers.deletedAt))),
};

export function companySearch(search: string | undefined, verification?: IssuerReviewState): SQL | undefined {
  const pattern = search ? containsPattern(search) : null;
  return and(
    pattern
      ? or(ilike(companies.name, pattern), ilike(companies.email, pattern), ilike(users.email, pattern))
      : undefined,
    verification ? eq(companies.verificationStatus, verification) : undefined,
  );
}

/** Companies newest first, each row carrying the total that `where` matches (see pageOfRows). */
export function selectCompanies(db: Reader, where: SQL | undefined, range?: PageRange) {
  const query = db
    .select({ ...companyRow, total: totalColumn(countCompaniesQuery(db, where)) })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .$dynamic();
  return range ? query.limit(range.limit).offset(range.offset) : query;
}

function countCompaniesQuery(db: Reader, where: SQL | undefined) {
  return db
    .select({ total: sql<number>`count(*)` })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(where);
}

export const countCompanies = (db: Database, where: SQL | undefined) => countOf(countCompaniesQuery(db, where));

/** "RICS 12345", or the body's own name when it is "Other". */
const registrationText = (body: AnyPgColumn, bodyName: AnyPgColumn, number: AnyPgColumn) =>
  sql<
    string | null
  >`nullif(concat_ws(' ', case when ${body} = 'Other' then ${bodyName} else ${body} end, ${number}), '')`;

/** A code's frozen issuer identity is the firm's current one: what a verification now would record. */
const underCurrentIdentity = and(
  eq(qrCodes.issuerName, companies.name),
  sql`lower(${qrCodes.issuerEmail}) = lower(${companies.email})`,
  sql`${qrCodes.issuerRegistrationBody} is not distinct from ${companies.registrationBody}`,
  sql`${qrCodes.issuerRegistrationBodyName} is not distinct from ${companies.registrationBodyName}`,
  sql`${qrCodes.issuerRegistrationNumber} is not distinct from ${companies.registrationNumber}`,
);

/** The most earlier codes the verify dialog lists; it says how many more there are. */
const EARLIER_CODES_LISTED = 50;

/** Codes under the firm's current details that ValuSeal does not vouch for yet. */
const earlierCodesOf = (companyId: number) =>
  and(eq(qrCodes.companyId, companyId), underCurrentIdentity, sql`${issuerTrustColumn()} <> 'verified'`);

/**
 * Codes issued under the firm's current details that ValuSeal does not vouch for yet, newest first:
 * what "confirm earlier codes" would turn green, with whether the owner asked for each.
 */
function earlierCodesUnderCurrentIdentity(db: Reader, companyId: number) {
  return db
    .select({
      id: qrCodes.id,
      verificationCode: sql<string>`${qrCodes.verificationCode}`.mapWith((code: string) =>
        formatVerificationCode(code),
      ),
      propertyAddress: qrCodes.propertyAddress,
      propertyReference: qrCodes.propertyReference,
      propertyArea: qrCodes.propertyArea,
      propertyType: qrCodes.propertyType,
      createdAt: qrCodes.createdAt,
      confirmationRequestedAt: codeConfirmationRequests.createdAt,
    })
    .from(qrCodes)
    .innerJoin(companies, eq(companies.id, qrCodes.companyId))
    .leftJoin(codeConfirmationRequests, eq(codeConfirmationRequests.codeId, qrCodes.id))
    .where(earlierCodesOf(companyId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(EARLIER_CODES_LISTED);
}

/** Every identity the firm's codes were issued under, largest first (CodeIdentity). */
function codeIdentitiesQuery(db: Reader, companyId: number) {
  const current = underCurrentIdentity;
  return db
    .select({
      issuerName: qrCodes.issuerName,
      issuerEmail: sql<string>`min(${qrCodes.issuerEmail})`,
      registration: registrationText(
        qrCodes.issuerRegistrationBody,
        qrCodes.issuerRegistrationBodyName,
        qrCodes.issuerRegistrationNumber,
      ),
      codes: sql<number>`count(*)`.mapWith(Number),
      notVouchedFor: sql<number>`count(*) filter (where ${issuerTrustColumn()} <> 'verified')`.mapWith(Number),
      isCurrent: sql<boolean>`bool_and(${current})`,
    })
    .from(qrCodes)
    .innerJoin(companies, eq(companies.id, qrCodes.companyId))
    .where(eq(qrCodes.companyId, companyId))
    .groupBy(
      qrCodes.issuerName,
      sql`lower(${qrCodes.issuerEmail})`,
      qrCodes.issuerRegistrationBody,
      qrCodes.issuerRegistrationBodyName,
      qrCodes.issuerRegistrationNumber,
    )
    .orderBy(sql`count(*) desc`, qrCodes.issuerName);
}

export async function loadCompanyDetails(db: Database, companyId: number) {
  const [[listed], codes, companyValuers, codeIdentities, earlierCodes] = await Promise.all([
    selectCompanies(db, eq(companies.id, companyId)),
    db
      .select({
        id: qrCodes.id,
        propertyAddress: qrCodes.propertyAddress,
        propertyReference: qrCodes.propertyReference,
        propertyArea: qrCodes.propertyArea,
        propertyType: qrCodes.propertyType,
        marketValue: qrCodes.marketValue,
        currency: qrCodes.currency,
        valuationDate: qrCodes.valuationDate,
        verificationCount: scanCountColumn(),
        revokedAt: qrCodes.revokedAt,
        createdAt: qrCodes.createdAt,
      })
      .from(qrCodes)
      .where(eq(qrCodes.companyId, companyId))
      .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
      .limit(COMPANY_DETAILS_CODE_LIMIT),
    db
      .select({
        id: valuers.id,
        name: valuers.name,
        phone: valuers.phone,
        qualification: valuers.qualification,
        isActive: valuers.isActive,
      })
      .from(valuers)
      .where(and(eq(valuers.companyId, companyId), isNull(valuers.deletedAt)))
      .orderBy(valuers.name, valuers.id),
    codeIdentitiesQuery(db, companyId),
    earlierCodesUnderCurrentIdentity(db, companyId),
  ]);
  if (!listed) throw notFound(COMPANY_NOT_FOUND);
  const { total: _total, ...company } = listed;
  return {
    company,
    qrCodes: codes,
    valuers: companyValuers,
    codeIdentities,
    earlierCodes: earlierCodes.map(({ propertyAddress, propertyReference, propertyArea, propertyType, ...code }) => ({
      ...code,
      property: codeTitle({ propertyAddress, propertyReference, propertyArea, propertyType }),
    })),
  };
}

interface Actor {
  id: number;
  email: string;
}

/**
 * Deactivation suspends the company: the workspace refuses new codes and valuer changes, and its
 * certificates still answer, with the amber notice "Issuer suspended by ValuSeal on <date>" instead
 * of "Verified Authentic", and every lender watching its codes is told. The change, its notices and
 * its audit row commit together; setting the state it already has changes nothing.
 */
const CLOSED_COMPANY = "This organisation has closed and cannot be activated again";

export async function setCompanyActive(
  db: TransactionalDatabase,
  outbox: Outbox,
  actor: Actor,
  companyId: number,
  isActive: boolean,
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: companies.id, name: companies.name, isActive: companies.isActive, closedAt: companies.closedAt })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!existing) throw notFound(COMPANY_NOT_FOUND);
    // A closed organisation has nobody left to work in it (decision 066): it is never reopened.
    if (existing.closedAt && isActive) throw new ApiError(409, CLOSED_COMPANY);
    if (existing.isActive === isActive) return existing;
    // Certificates say when ValuSeal suspended the issuer; reactivation lifts the notice.
    await tx
      .update(companies)
      .set({ isActive, suspendedAt: isActive ? null : sql`now()` })
      .where(eq(companies.id, companyId));
    // Lenders watching the firm's codes are told at once; a lender suspended has no codes to watch.
    if (!isActive) await noticeWatchers(tx, outbox, "issuer.suspended", { issuerCompanyId: companyId });
    await recordAudit(tx, actor, [
      {
        action: isActive ? "company.activated" : "company.deactivated",
        targetType: "company",
        targetId: companyId,
        details: { name: existing.name },
      },
    ]);
    return { ...existing, isActive };
  });
}

/**
 * An administrator sets the owner's password: recovery as by an emailed link (endFootholds), so
 * whoever knew the old one is signed out everywhere and loses what they added. The administrator's
 * review counts as the owner's proof. The email that lists what recovery ended, if anything was.
 */
export async function resetOwnerPassword(
  db: TransactionalDatabase,
  actor: Actor,
  companyId: number,
  passwordHash: string,
) {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, ownerId: companies.ownerId, ownerEmail: users.email })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.id, companyId));
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, company.ownerId));
    const ended = await endFootholds(
      tx,
      actor,
      { id: company.ownerId, email: company.ownerEmail },
      "owner's password reset by an administrator",
    );
    await markIdentityProven(tx, company.ownerId);
    await recordAudit(tx, actor, [
      {
        action: "company.password_reset",
        targetType: "company",
        targetId: companyId,
        details: { name: company.name, ownerId: company.ownerId, ownerEmail: company.ownerEmail },
      },
    ]);
    return ended;
  });
}

/**
 * An administrator's decision on a firm's identity. Verifying records the identity checked (legal
 * name, registration, company email) as a new verification: codes issued from now on under exactly
 * that identity read "Verified Authentic"; codes issued earlier under it only when the
 * administrator confirms them (`confirmEarlierCodes`), and codes under any other identity never.
 * Refusing or withdrawing ends the verification in force: codes issued while it was in force keep
 * the identity that was verified. The decision, its note and the audit row commit together.
 */
export async function decideCompanyVerification(
  db: TransactionalDatabase,
  signing: RecordSigning,
  actor: Actor,
  companyId: number,
  decision: { verified: boolean; note?: string; confirmEarlierCodes?: boolean },
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        name: companies.name,
        email: companies.email,
        status: companies.verificationStatus,
        kind: companies.kind,
        createdAt: companies.createdAt,
        registrationBody: companies.registrationBody,
        registrationBodyName: companies.registrationBodyName,
        registrationNumber: companies.registrationNumber,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!existing) throw notFound(COMPANY_NOT_FOUND);
    await endVerificationInForce(tx, signing, companyId);
    const identity = {
      legalName: existing.name,
      registrationBody: existing.registrationBody,
      registrationBodyName: existing.registrationBodyName,
      registrationNumber: existing.registrationNumber,
      companyEmail: existing.email,
    };
    // The log keeps every decision, signed: the verification that ended above, and the one made now.
    if (decision.verified) {
      const [made] = await tx
        .insert(issuerVerifications)
        .values({
          companyId,
          ...identity,
          verifiedById: actor.id,
          // A code cannot predate its firm: confirming earlier codes covers all of them.
          coversCodesFrom: decision.confirmEarlierCodes ? existing.createdAt : sql`now()`,
        })
        .returning(verificationRecordColumns);
      await signIssuerDecision(tx, signing, { decision: "verified", ...verificationRecordFields(companyId, made!) });
    }
    const [company] = await tx
      .update(companies)
      .set({
        verificationStatus: decision.verified ? "verified" : "rejected",
        verifiedAt: decision.verified ? sql`now()` : null,
        verificationNote: decision.note ?? null,
      })
      .where(eq(companies.id, companyId))
      .returning({
        id: companies.id,
        verificationStatus: companies.verificationStatus,
        verifiedAt: companies.verifiedAt,
        verificationNote: companies.verificationNote,
      });
    const action = decision.verified
      ? "company.verified"
      : existing.status === "verified"
        ? "company.verification_withdrawn"
        : "company.verification_rejected";
    // What a verification means for the codes already issued under the details checked, for the
    // owner's email: every one of them, not the dialog's first 50.
    const [earlier] = decision.verified
      ? await tx
          .select({ count: count() })
          .from(qrCodes)
          .innerJoin(companies, eq(companies.id, qrCodes.companyId))
          .where(earlierCodesOf(companyId))
      : [{ count: 0 }];
    const [owner] = await tx
      .select({ email: users.email })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(and(eq(companies.id, companyId), eq(users.isActive, true)));
    const email: VerificationDecided | null = owner
      ? {
          kind: "verification-decided",
          to: owner.email,
          companyName: existing.name,
          organisationKind: existing.kind,
          decision: decision.verified ? "verified" : existing.status === "verified" ? "withdrawn" : "refused",
          note: decision.note ?? null,
          earlierCodes: earlier!.count,
        }
      : null;
    await recordAudit(tx, actor, [
      {
        action,
        targetType: "company",
        targetId: companyId,
        details: {
          ...identity,
          name: existing.name,
          previousStatus: existing.status,
          note: decision.note ?? null,
          ...(decision.verified ? { confirmedEarlierCodes: decision.confirmEarlierCodes ?? false } : {}),
        },
      },
    ]);
    return { company: company!, email };
  });
}
