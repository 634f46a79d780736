import { and, desc, eq } from "drizzle-orm";
import { registerEntries, registerSnapshots, registerSources } from "#schema/tables.ts";
import type { NewRegisterSource } from "#schema/validation/register.ts";
import { normaliseValuerName } from "#schema/valuer-register.ts";
import type { Reader, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { recordAudit, type Actor } from "../companies/audit";
import { sha256Hex } from "#worker/lib/random.ts";
import type { Outbox } from "../integration/webhooks";
import { readSnapshotFile, type SnapshotRow } from "./snapshot-file";
import { alertDeregistered } from "./valuer-alerts";
import { recheckValuers } from "./valuer-checks";

/*
 * Registers of valuers and their snapshots (decision 061). An administrator previews a file
 * against the newest snapshot (added, changed, removed, suspended) and imports exactly the file
 * previewed; every snapshot is kept, and a valuer's standing is read against the newest one.
 */

export const SOURCE_NOT_FOUND = "Register not found";
const INSERT_BATCH = 1_000;

/** The registers with their newest snapshot, for administrators. */
export async function registerOverview(db: Reader) {
  const sources = await db.select().from(registerSources).orderBy(registerSources.id);
  const snapshots = await db
    .select({
      id: registerSnapshots.id,
      sourceId: registerSnapshots.sourceId,
      publishedOn: registerSnapshots.publishedOn,
      fileName: registerSnapshots.fileName,
      fileSha256: registerSnapshots.fileSha256,
      rowCount: registerSnapshots.rowCount,
      importedAt: registerSnapshots.importedAt,
    })
    .from(registerSnapshots)
    .orderBy(desc(registerSnapshots.publishedOn), desc(registerSnapshots.id));
  return sources.map((source) => ({
    id: source.id,
    jurisdiction: source.jurisdiction,
    body: source.body,
    kind: source.kind,
    url: source.url,
    snapshots: snapshots.filter((snapshot) => snapshot.sourceId === source.id),
  }));
}

export async function addRegisterSource(db: TransactionalDatabase, actor: Actor, source: NewRegisterSource) {
  return db.transaction(async (tx) => {
    const [added] = await tx
      .insert(registerSources)
      .values({ ...source, url: source.url ?? null, createdByUserId: actor.id })
      .returning({ id: registerSources.id });
    await recordAudit(tx, actor, [
      { action: "platform.register_added", targetType: "register", targetId: added!.id, details: { ...source } },
    ]);
    return added!.id;
  });
}

/** The newest snapshot of a source, or null before its first import. */
async function newestSnapshot(db: Reader, sourceId: number) {
  const [newest] = await db
    .select({ id: registerSnapshots.id, publishedOn: registerSnapshots.publishedOn })
    .from(registerSnapshots)
    .where(eq(registerSnapshots.sourceId, sourceId))
    .orderBy(desc(registerSnapshots.publishedOn), desc(registerSnapshots.id))
    .limit(1);
  return newest ?? null;
}

/** A change between two snapshots, as the preview and the import show it. */
interface ListedChange {
  registrationNumber: string;
  name: string;
  /** For a changed registration: the name it had before, when that is what changed. */
  previousName?: string;
  /** For a changed registration: what changed besides the name ("valid until 2026-12-31 → 2027-12-31"). */
  note?: string;
}

/** What a file would change against the newest snapshot: added, changed, removed and suspended registrations. */
async function diffAgainstNewest(db: Reader, sourceId: number, rows: SnapshotRow[]) {
  const newest = await newestSnapshot(db, sourceId);
  const before = newest ? await db.select().from(registerEntries).where(eq(registerEntries.snapshotId, newest.id)) : [];
  const previous = new Map(before.map((entry) => [entry.normalisedNumber, entry]));
  const now = new Set(rows.map((row) => row.normalisedNumber));
  const added: ListedChange[] = [];
  const changed: ListedChange[] = [];
  const suspended: ListedChange[] = [];
  for (const row of rows) {
    const earlier = previous.get(row.normalisedNumber);
    const listed = { registrationNumber: row.registrationNumber, name: row.name };
    if (!earlier) {
      added.push(listed);
      if (row.status === "suspended") suspended.push(listed);
      continue;
    }
    if (row.status === "suspended" && earlier.status !== "suspended") suspended.push(listed);
    const renamed = normaliseValuerName(earlier.name) !== normaliseValuerName(row.name);
    const revalidated = earlier.validUntil !== row.validUntil;
    if (renamed || revalidated) {
      changed.push({
        ...listed,
        ...(renamed ? { previousName: earlier.name } : {}),
        ...(revalidated ? { note: `valid until ${earlier.validUntil ?? "—"} → ${row.validUntil ?? "—"}` } : {}),
      });
    }
  }
  const removed = before
    .filter((entry) => !now.has(entry.normalisedNumber))
    .map((entry) => ({ registrationNumber: entry.registrationNumber, name: entry.name }));
  return { previousPublishedOn: newest?.publishedOn ?? null, added, changed, removed, suspended };
}

async function sourceOf(db: Reader, sourceId: number) {
  const [source] = await db.select().from(registerSources).where(eq(registerSources.id, sourceId));
  if (!source) throw notFound(SOURCE_NOT_FOUND);
  if (source.kind !== "published-list") {
    throw new ApiError(409, "This register is kept as manual evidence: it has no list to import");
  }
  return source;
}

/** The dry run: the file read and checked, and what importing it would change; nothing is written. */
export async function previewSnapshot(db: Reader, sourceId: number, bytes: Uint8Array<ArrayBuffer>) {
  await sourceOf(db, sourceId);
  const rows = readSnapshotFile(bytes);
  return {
    fileSha256: await sha256Hex(bytes),
    rowCount: rows.length,
    ...(await diffAgainstNewest(db, sourceId, rows)),
  };
}

/**
 * Imports the file previewed (its fingerprint must be the preview's, so what is imported is what
 * the administrator saw), published on `publishedOn`, after the newest snapshot's day; all its rows
 * in one transaction, audited, with every valuer checked again against it: a valuer it removes or
 * suspends is an alert to the firm and to the lenders watching the valuer's codes (`outbox`, sent
 * once the transaction has committed). The same file twice is refused.
 */
export async function importSnapshot(
  db: TransactionalDatabase,
  outbox: Outbox,
  actor: Actor,
  sourceId: number,
  file: { bytes: Uint8Array<ArrayBuffer>; fileName: string; publishedOn: string; previewedSha256: string },
) {
  const source = await sourceOf(db, sourceId);
  const fileSha256 = await sha256Hex(file.bytes);
  if (fileSha256 !== file.previewedSha256) {
    throw new ApiError(409, "This is not the file that was previewed", [
      "file: Preview the file again, then import it",
    ]);
  }
  const rows = readSnapshotFile(file.bytes);
  const today = new Date().toISOString().slice(0, 10);
  if (file.publishedOn > today) {
    throw new ApiError(422, "A register cannot be published in the future", ["publishedOn: Choose today or earlier"]);
  }
  return db.transaction(async (tx) => {
    // One import of a source at a time: the newest snapshot is read and extended under this lock.
    await tx
      .select({ id: registerSources.id })
      .from(registerSources)
      .where(eq(registerSources.id, sourceId))
      .for("update");
    const diff = await diffAgainstNewest(tx, sourceId, rows);
    if (diff.previousPublishedOn && file.publishedOn <= diff.previousPublishedOn) {
      throw new ApiError(422, "A snapshot is newer than the last one imported", [
        `publishedOn: The newest snapshot was published on ${diff.previousPublishedOn}`,
      ]);
    }
    const [existing] = await tx
      .select({ id: registerSnapshots.id })
      .from(registerSnapshots)
      .where(and(eq(registerSnapshots.sourceId, sourceId), eq(registerSnapshots.fileSha256, fileSha256)));
    if (existing) throw new ApiError(409, "This file was imported already", ["file: It is snapshot " + existing.id]);
    const [snapshot] = await tx
      .insert(registerSnapshots)
      .values({
        sourceId,
        publishedOn: file.publishedOn,
        fileName: file.fileName,
        fileSha256,
        rowCount: rows.length,
        importedByUserId: actor.id,
      })
      .returning({ id: registerSnapshots.id });
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx
        .insert(registerEntries)
        .values(rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, snapshotId: snapshot!.id })));
    }
    const alerted = await alertDeregistered(tx, outbox, await recheckValuers(tx), {
      body: source.body,
      publishedOn: file.publishedOn,
    });
    await recordAudit(tx, actor, [
      {
        action: "platform.register_imported",
        targetType: "register",
        targetId: sourceId,
        details: {
          snapshotId: snapshot!.id,
          publishedOn: file.publishedOn,
          fileName: file.fileName,
          fileSha256,
          rows: rows.length,
          added: diff.added.length,
          changed: diff.changed.length,
          removed: diff.removed.length,
          suspended: diff.suspended.length,
          valuersAlerted: alerted,
        },
      },
    ]);
    return { snapshotId: snapshot!.id, fileSha256, rowCount: rows.length, ...diff };
  });
}
