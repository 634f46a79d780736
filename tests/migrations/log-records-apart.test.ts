import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { verifyLogEntries } from "#verifier/log.ts";
import { applyMigrations, migrationsAround } from "./migration-files";

/**
 * Migration 0060 moves the log's records out of its entries into a table of their own (decision
 * 077): every record stored before keeps its exact text and its entry's hashes, and the log's
 * append continues the same chain afterwards.
 */

interface EntryRow {
  seq: number;
  leaf_hash: string;
  chain_hash: string;
}

const entriesOf = async (db: PGlite) =>
  (await db.query<EntryRow>("SELECT seq::int AS seq, leaf_hash, chain_hash FROM transparency_log ORDER BY seq")).rows;

it("keeps every record's exact text and the chain, and appends after it as before", async () => {
  const db = new PGlite();
  const migration = migrationsAround("0060_");
  await applyMigrations(db, migration.before);
  const records = ["eyJhbGciOiJFZERTQSJ9.eyJ2IjoxfQ.c2lnbmVkLTE", "eyJhbGciOiJFZERTQSJ9.eyJ2IjoyfQ.c2lnbmVkLTI"];
  await db.query("SELECT append_to_log(ARRAY['certificate', 'certificate'], ARRAY['TOKEN1', 'TOKEN2'], $1::text[])", [
    records,
  ]);
  const before = await entriesOf(db);

  await applyMigrations(db, migration.it);
  expect(await entriesOf(db)).toEqual(before);
  const kept = await db.query<{ seq: number; record: string }>(
    "SELECT seq::int AS seq, record FROM transparency_log_records ORDER BY seq",
  );
  expect(kept.rows).toEqual([
    { seq: 1, record: records[0] },
    { seq: 2, record: records[1] },
  ]);

  // The next append continues the chain, its record stored beside its entry.
  await db.query("SELECT append_to_log(ARRAY['certificate'], ARRAY['TOKEN3'], ARRAY['eyJ2IjozfQ.e30.c2lnbmVkLTM'])");
  const after = await entriesOf(db);
  const withRecords = after.map((entry, index) => ({
    seq: entry.seq,
    leafHash: entry.leaf_hash,
    chainHash: entry.chain_hash,
    record: [...records, "eyJ2IjozfQ.e30.c2lnbmVkLTM"][index]!,
  }));
  const head = (
    await db.query<{ size: number; head_hash: string }>(
      "SELECT size::int AS size, head_hash FROM transparency_log_head",
    )
  ).rows[0]!;
  expect(await verifyLogEntries(withRecords)).toEqual({ ok: true, size: 3, headHash: head.head_hash });
  expect(head.size).toBe(3);
  await db.close();
});
