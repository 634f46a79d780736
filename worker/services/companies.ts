import { and, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { companies, qrCodes, users, valuers } from "../../schema/tables";
import type { Database, Reader } from "../db";
import { notFound } from "../lib/errors";
import { containsPattern } from "../lib/like-patterns";
import type { PageRange } from "../lib/pagination";
import { recordAudit } from "./audit";
import { endSessions } from "./sessions";

export const COMPANY_NOT_FOUND = "Company not found";
/** The details dialog shows the newest codes; qrCodeCount on the company says how many exist in all. */
const COMPANY_DETAILS_CODE_LIMIT = 200;

/** A count evaluated per company row, served by the valuers' company index. */
const countValuers = (condition: SQL | undefined) =>
  sql<number>`(select count(*) from ${valuers} where ${condition})`.mapWith(Number);

/**
 * One row per company with its owner's email and counts: correlated subqueries, so the whole list
 * is one query, not one per company. Valuers removed by their company (deletedAt) are not counted.
 */
export const companyRow = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  location: companies.location,
  ownerId: companies.ownerId,
  userEmail: users.email,
  isActive: companies.isActive,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  // Kept by a trigger on qr_codes (migration 0002): no count over a large company's codes per row.
  qrCodeCount: companies.qrCodeCount,
  valuerCount: countValuers(and(eq(valuers.companyId, companies.id), isNull(valuers.deletedAt))),
};

export function companySearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(companies.name, pattern), ilike(companies.email, pattern), ilike(users.email, pattern));
}

export function selectCompanies(db: Reader, where: SQL | undefined, range?: PageRange) {
  const query = db
    .select(companyRow)
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(where)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .$dynamic();
  return range ? query.limit(range.limit).offset(range.offset) : query;
}

export function countCompaniesQuery(db: Reader, where: SQL | undefined) {
  return db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(where);
}

export async function countCompanies(db: Database, where: SQL | undefined) {
  const [row] = await countCompaniesQuery(db, where);
  return row?.total ?? 0;
}

export async function loadCompanyDetails(db: Database, companyId: number) {
  const [[company], codes, companyValuers] = await Promise.all([
    selectCompanies(db, eq(companies.id, companyId)),
    db
      .select({
        id: qrCodes.id,
        propertyAddress: qrCodes.propertyAddress,
        propertyReference: qrCodes.propertyReference,
        propertyType: qrCodes.propertyType,
        marketValue: qrCodes.marketValue,
        currency: qrCodes.currency,
        valuationDate: qrCodes.valuationDate,
        verificationCount: qrCodes.verificationCount,
        isActive: qrCodes.isActive,
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
  ]);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return { company, qrCodes: codes, valuers: companyValuers };
}

interface Actor {
  id: number;
  email: string;
}

/**
 * Deactivation only flags the company: the workspace refuses new codes and valuer changes, while
 * its existing certificates keep verifying (codes stay functional after an account ends). The
 * change and its audit row commit together; setting the state it already has changes nothing.
 */
export async function setCompanyActive(db: Database, actor: Actor, companyId: number, isActive: boolean) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: companies.id, name: companies.name, isActive: companies.isActive })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!existing) throw notFound(COMPANY_NOT_FOUND);
    if (existing.isActive === isActive) return existing;
    await tx.update(companies).set({ isActive }).where(eq(companies.id, companyId));
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

/** An administrator sets the owner's password: whoever knew the old one is signed out everywhere at once. */
export async function resetOwnerPassword(db: Database, actor: Actor, companyId: number, passwordHash: string) {
  await db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, ownerId: companies.ownerId, ownerEmail: users.email })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.id, companyId));
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, company.ownerId));
    await endSessions(tx, [company.ownerId]);
    await recordAudit(tx, actor, [
      {
        action: "company.password_reset",
        targetType: "company",
        targetId: companyId,
        details: { name: company.name, ownerId: company.ownerId, ownerEmail: company.ownerEmail },
      },
    ]);
  });
}
