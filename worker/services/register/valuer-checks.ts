import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import {
  companies,
  practisingCertificates,
  registerEntries,
  registerSnapshots,
  registerSources,
  valuerChecks,
  valuers,
} from "#schema/tables.ts";
import {
  normaliseRegistrationNumber,
  normaliseValuerName,
  registerResult,
  snapshotHoldsThrough,
  type ValuerRegisterCheck,
} from "#schema/valuer-register.ts";
import type { Queryable, Reader } from "#worker/db.ts";

/*
 * What ValuSeal knows of each valuer's registration (decision 062). A check is appended whenever
 * its evidence changes: a snapshot imported, a practising certificate accepted, the valuer's name
 * or number changed. Issuing freezes the newest check for the valuer's current name and number
 * (valuerCheckOnDay), so a later snapshot changes the next code's check, never an issued one's.
 */

/** The jurisdiction whose register valuers are checked against: every issuing firm is in Kenya today. */
export const REGISTER_JURISDICTION = "KE";

/**
 * The check a code issued on `day` (a SQL date) freezes for the valuer in `valuers` (the query's
 * row): the valuer's newest check, if it was made for the valuer's current name and number, its
 * result on that day (`lapses_as` once the evidence no longer holds: "stale" or "expired"); null
 * when ValuSeal has not checked this name and number. The one rule for "the check in force",
 * asked by issuing and by the Valuers screen.
 */
export const valuerCheckOnDay = (day: SQL) => sql<ValuerRegisterCheck | null>`(
  SELECT jsonb_build_object(
    'result', CASE WHEN ${day} > c.holds_through THEN c.lapses_as ELSE c.result END,
    'kind', c.kind, 'body', source.body, 'registrationNumber', c.registration_number,
    'publishedOn', c.published_on, 'reviewedOn', c.reviewed_on, 'validUntil', c.valid_until,
    'checkedOn', ${day})
  FROM ${valuerChecks} c JOIN ${registerSources} source ON source.id = c.source_id
  WHERE c.valuer_id = ${valuers.id} AND c.registration_number = ${valuers.registrationNumber}
    AND c.valuer_name = ${valuers.name}
  ORDER BY c.id DESC LIMIT 1)`;

type NewCheck = typeof valuerChecks.$inferInsert;

/** A valuer whose check changed: what it said before (null: never checked) and what it says now. */
export interface ChangedCheck {
  valuerId: number;
  companyId: number;
  valuerName: string;
  registrationNumber: string;
  previous: NewCheck["result"] | null;
  check: NewCheck;
}

/** The fields that make two checks the same evidence and the same answer. */
const sameCheck = (a: NewCheck, b: NewCheck) =>
  a.kind === b.kind &&
  (a.snapshotId ?? null) === (b.snapshotId ?? null) &&
  (a.practisingCertificateId ?? null) === (b.practisingCertificateId ?? null) &&
  a.registrationNumber === b.registrationNumber &&
  a.valuerName === b.valuerName &&
  a.result === b.result &&
  (a.listedName ?? null) === (b.listedName ?? null) &&
  a.holdsThrough === b.holdsThrough;

/**
 * Which evidence speaks for the valuer. A practising certificate stands in only for what a list
 * does not say: no list yet, or a list that does not have the valuer (new registrations appear on
 * the next list), and then only if it was reviewed on or after the list's publication. A list that
 * removes, suspends or names someone else under the number is never overridden by a certificate:
 * a valuer reinstated since waits for the next list.
 */
function evidenceInForce(list: NewCheck | null, manual: NewCheck | null): NewCheck | null {
  if (!list || !manual) return list ?? manual;
  return list.result === "not-found" && manual.reviewedOn! >= list.publishedOn! ? manual : list;
}

/** The advisory lock rechecks take (pg_advisory_xact_lock): any constant no other lock uses. */
const RECHECK_LOCK = 6_200_001;

/** Valuers are checked this many at a time: every query's list of ids stays far below Postgres's parameter limit. */
const RECHECK_PAGE = 1_000;

/**
 * Checks the valuers (`valuerIds`, or every valuer with a registration number, a page at a time)
 * against the newest snapshot of the register and their accepted practising certificates, and
 * appends a check for each whose answer or evidence changed. Runs in the caller's transaction (an
 * import, a review, an edit of the valuer); answers the changed checks, for the alerts.
 */
export async function recheckValuers(db: Queryable, valuerIds?: number[]): Promise<ChangedCheck[]> {
  // One recheck at a time, to the end of its transaction: an edit of a valuer during an import
  // waits for it, so it never appends a check against the snapshot the import is replacing.
  await db.execute(sql`SELECT pg_advisory_xact_lock(${RECHECK_LOCK})`);
  if (valuerIds) return recheckPage(db, valuerIds);
  const changed: ChangedCheck[] = [];
  for (let after = 0; ;) {
    const page = await db
      .select({ id: valuers.id })
      .from(valuers)
      .where(and(isNull(valuers.deletedAt), isNotNull(valuers.registrationNumber), sql`${valuers.id} > ${after}`))
      .orderBy(valuers.id)
      .limit(RECHECK_PAGE);
    if (page.length === 0) return changed;
    changed.push(
      ...(await recheckPage(
        db,
        page.map((row) => row.id),
      )),
    );
    after = page.at(-1)!.id;
  }
}

async function recheckPage(db: Queryable, valuerIds: number[]): Promise<ChangedCheck[]> {
  if (valuerIds.length === 0) return [];
  const listed = await db
    .select({
      id: valuers.id,
      companyId: valuers.companyId,
      name: valuers.name,
      registrationNumber: valuers.registrationNumber,
    })
    .from(valuers)
    .where(and(isNull(valuers.deletedAt), isNotNull(valuers.registrationNumber), inArray(valuers.id, valuerIds)));
  const numbered = listed
    .map((valuer) => ({
      ...valuer,
      registrationNumber: valuer.registrationNumber!,
      normalised: normaliseRegistrationNumber(valuer.registrationNumber!),
    }))
    .filter((valuer) => valuer.normalised !== "");
  if (numbered.length === 0) return [];
  const ids = numbered.map((valuer) => valuer.id);
  const [newest] = await db
    .select({ id: registerSnapshots.id, publishedOn: registerSnapshots.publishedOn, sourceId: registerSources.id })
    .from(registerSnapshots)
    .innerJoin(registerSources, eq(registerSources.id, registerSnapshots.sourceId))
    .where(and(eq(registerSources.kind, "published-list"), eq(registerSources.jurisdiction, REGISTER_JURISDICTION)))
    .orderBy(desc(registerSnapshots.publishedOn), desc(registerSnapshots.id))
    .limit(1);
  const listings = newest
    ? await db
        .select({
          normalisedNumber: registerEntries.normalisedNumber,
          name: registerEntries.name,
          status: registerEntries.status,
          snapshotId: registerEntries.snapshotId,
        })
        .from(registerEntries)
        .innerJoin(registerSnapshots, eq(registerSnapshots.id, registerEntries.snapshotId))
        .where(
          and(
            eq(registerSnapshots.sourceId, newest.sourceId),
            sql`${registerSnapshots.publishedOn} <= ${newest.publishedOn}`,
            inArray(
              registerEntries.normalisedNumber,
              numbered.map((valuer) => valuer.normalised),
            ),
          ),
        )
    : [];
  const accepted = await db
    .select({
      id: practisingCertificates.id,
      valuerId: practisingCertificates.valuerId,
      registrationNumber: practisingCertificates.registrationNumber,
      valuerName: practisingCertificates.valuerName,
      validUntil: practisingCertificates.validUntil,
      reviewedOn: sql<string>`(${practisingCertificates.reviewedAt} AT TIME ZONE 'UTC')::date::text`,
      sourceId: sql<number>`(SELECT id FROM ${registerSources} WHERE kind = 'manual-evidence'
        AND jurisdiction = ${REGISTER_JURISDICTION} ORDER BY id LIMIT 1)`,
    })
    .from(practisingCertificates)
    .where(and(inArray(practisingCertificates.valuerId, ids), eq(practisingCertificates.decision, "accepted")))
    .orderBy(desc(practisingCertificates.reviewedAt), desc(practisingCertificates.id));
  const previousChecks = await db
    .selectDistinctOn([valuerChecks.valuerId])
    .from(valuerChecks)
    .where(inArray(valuerChecks.valuerId, ids))
    .orderBy(valuerChecks.valuerId, desc(valuerChecks.id));
  const previousOf = new Map(previousChecks.map((check) => [check.valuerId, check]));

  const changed: ChangedCheck[] = [];
  for (const valuer of numbered) {
    const identity = { valuerId: valuer.id, registrationNumber: valuer.registrationNumber, valuerName: valuer.name };
    const entries = listings.filter((entry) => entry.normalisedNumber === valuer.normalised);
    const listing = entries.find((entry) => entry.snapshotId === newest?.id) ?? null;
    const list: NewCheck | null = newest
      ? {
          ...identity,
          kind: "published-list",
          sourceId: newest.sourceId,
          snapshotId: newest.id,
          result: registerResult(valuer, { listing, listedBefore: entries.length > 0 }),
          listedName: listing?.name ?? null,
          publishedOn: newest.publishedOn,
          holdsThrough: snapshotHoldsThrough(newest.publishedOn),
          lapsesAs: "stale",
        }
      : null;
    const certificate = accepted.find(
      (row) =>
        row.valuerId === valuer.id &&
        normaliseRegistrationNumber(row.registrationNumber) === valuer.normalised &&
        normaliseValuerName(row.valuerName) === normaliseValuerName(valuer.name),
    );
    const manual: NewCheck | null = certificate
      ? {
          ...identity,
          kind: "manual-evidence",
          sourceId: certificate.sourceId,
          practisingCertificateId: certificate.id,
          result: "matched",
          reviewedOn: certificate.reviewedOn,
          validUntil: certificate.validUntil,
          holdsThrough: certificate.validUntil!,
          lapsesAs: "expired",
        }
      : null;
    const check = evidenceInForce(list, manual);
    if (!check) continue;
    const previous = previousOf.get(valuer.id);
    if (previous && sameCheck(previous, check)) continue;
    changed.push({
      valuerId: valuer.id,
      companyId: valuer.companyId,
      valuerName: valuer.name,
      registrationNumber: valuer.registrationNumber,
      previous: previous && previous.registrationNumber === valuer.registrationNumber ? previous.result : null,
      check,
    });
  }
  if (changed.length > 0) await db.insert(valuerChecks).values(changed.map((change) => change.check));
  return changed;
}

/** Results that mean the register no longer lists the valuer as practising. */
const DEREGISTERED = new Set<string>(["removed", "suspended"]);

/** The changed checks that took a valuer off the register: listed (or never checked) before, removed or suspended now. */
export const deregistered = (changes: ChangedCheck[]) =>
  changes.filter(
    (change) =>
      DEREGISTERED.has(change.check.result) && (change.previous === null || !DEREGISTERED.has(change.previous)),
  );

/**
 * The firm's valuers with the check a code issued today would freeze (valuerCheckOnDay, in the
 * firm's time zone). The name a register lists a number under is not told: a firm typing numbers
 * would learn whose they are and rename its valuer to match.
 */
export async function valuerStandings(db: Reader, companyId: number) {
  const today = sql`(now() AT TIME ZONE ${companies.timeZone})::date`;
  return db
    .select({ valuerId: valuers.id, check: valuerCheckOnDay(today) })
    .from(valuers)
    .innerJoin(companies, eq(companies.id, valuers.companyId))
    .where(and(eq(valuers.companyId, companyId), isNull(valuers.deletedAt)));
}
