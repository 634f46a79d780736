import { desc, eq, sql } from "drizzle-orm";
import { DATA_REQUEST_DUE_DAYS } from "#schema/limits/privacy.ts";
import { auditLog, dataRequests } from "#schema/tables.ts";
import type { DataRequestUpdate, NewDataRequest } from "#schema/validation/privacy.ts";
import type { Transactional } from "#worker/db.ts";
import type { Reader } from "#worker/db.ts";
import { notFound } from "#worker/lib/errors.ts";

/*
 * Requests about personal data from people who are not users (issue 50): an administrator records
 * each with its deadline by the law's days (DATA_REQUEST_DUE_DAYS), then what was done and the
 * answer sent. The log is never deleted (a trigger refuses it); every change is audited.
 */

const COLUMNS = {
  id: dataRequests.id,
  requesterName: dataRequests.requesterName,
  requesterContact: dataRequests.requesterContact,
  requesterRole: dataRequests.requesterRole,
  kind: dataRequests.kind,
  request: dataRequests.request,
  receivedOn: dataRequests.receivedOn,
  dueOn: dataRequests.dueOn,
  status: dataRequests.status,
  overdue: sql<boolean>`(${dataRequests.status} = 'open' AND ${dataRequests.dueOn} < current_date)`,
  actionsTaken: dataRequests.actionsTaken,
  answer: dataRequests.answer,
  answeredOn: dataRequests.answeredOn,
  createdAt: dataRequests.createdAt,
  updatedAt: dataRequests.updatedAt,
};

/** The day `days` after `day`, both YYYY-MM-DD. */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Open requests first, soonest due first; then answered ones, newest first. */
export function listDataRequests(db: Reader) {
  return db
    .select(COLUMNS)
    .from(dataRequests)
    .orderBy(
      sql`${dataRequests.status} <> 'open'`,
      sql`CASE WHEN ${dataRequests.status} = 'open' THEN ${dataRequests.dueOn} END`,
      desc(dataRequests.updatedAt),
    )
    .limit(500);
}

export async function recordDataRequest(
  db: Transactional,
  admin: { id: number; email: string },
  input: NewDataRequest,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataRequests)
      .values({
        ...input,
        dueOn: daysAfter(input.receivedOn, DATA_REQUEST_DUE_DAYS[input.kind]),
        recordedByUserId: admin.id,
      })
      .returning(COLUMNS);
    await tx.insert(auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "data_request.recorded",
      targetType: "data_request",
      targetId: row!.id,
      details: { kind: input.kind, requesterRole: input.requesterRole, dueOn: row!.dueOn },
    });
    return row!;
  });
}

export async function updateDataRequest(
  db: Transactional,
  admin: { id: number; email: string },
  id: number,
  update: DataRequestUpdate,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataRequests)
      .set({ ...update, updatedAt: sql`now()` })
      .where(eq(dataRequests.id, id))
      .returning(COLUMNS);
    if (!row) throw notFound("Request not found");
    await tx.insert(auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "data_request.updated",
      targetType: "data_request",
      targetId: id,
      details: { status: update.status, answeredOn: update.answeredOn ?? null },
    });
    return row;
  });
}
