import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { RECORD_TYPES, type CheckpointRecord } from "../../schema/signed-records";
import { applyMigrations } from "./migration-files";
import { newSigningKey } from "../../scripts/lib/signing-keys";
import type { SigningKey } from "../../worker/config";
import type { Queryable } from "../../worker/db";
import { signerFor, type RecordSigning } from "../../worker/lib/signing";
import { keyHistory, logEntries, signCertificate, signCheckpoint } from "../../worker/services/signed-records";
import { chainHash, EMPTY_CHAIN_HASH, sha256Hex } from "../../verifier/hashes";
import { verifyLogEntries } from "../../verifier/log";
import { verifyRecord } from "../../verifier/records";

/**
 * The log at size: every migration on a fresh database, 10,000 issued codes each with a signed
 * record in the log, more appended by the Worker's own statement, then the log's verification over
 * all of it, before and after someone with the database's keys edits, rewrites or removes an entry.
 */
const CODES = 10_000;
/** The log's size: every code's issue record, then two more appended by the Worker's statement. */
const SIZE = CODES + 2;

let pg: PGlite;
let db: Queryable;
let signing: RecordSigning;

beforeAll(async () => {
  pg = new PGlite();
  await applyMigrations(pg);
  db = drizzle({ client: pg }) as unknown as Queryable;
  signing = { signer: await signerFor(JSON.parse(newSigningKey()) as SigningKey), origin: "https://valuseal.test" };
  await pg.exec(`
    INSERT INTO users (email, password) VALUES ('owner@example.com', 'x');
    INSERT INTO companies (name, email, owner_id) SELECT 'Scale Valuers Ltd', 'desk@example.com', id FROM users;
    INSERT INTO qr_codes (public_token, company_id, issuer_name, issuer_email, valuation_date, valid_until, market_value,
      property_address, property_type, qr_code_data)
    SELECT 'T' || lpad(n::text, 15, '0'), c.id, c.name, c.email, now() - interval '20 days', now() + interval '70 days',
      1000 + n, 'Plot ' || n, 'Real Estate', 'https://valuseal.test/v/T' || lpad(n::text, 15, '0')
    FROM companies c, generate_series(1, ${CODES}) n;`);
  // The first 10,000 entries are chained here in one insert (the Worker's statement takes ~4 ms
  // each on this in-process database, 40 s for all); the entries after them go through the
  // Worker's own append, which must continue the same chain for the log to verify.
  const { rows } = await pg.query<{ public_token: string; qr_code_data: string; created_at: Date }>(
    "SELECT public_token, qr_code_data, created_at FROM qr_codes ORDER BY id",
  );
  const entries: { record: string; leaf: string; chain: string; subject: string }[] = [];
  let head = EMPTY_CHAIN_HASH;
  for (const row of rows) {
    const record = await signing.signer.sign(RECORD_TYPES.certificate, {
      v: 1,
      iss: signing.origin,
      iat: Math.floor(Date.now() / 1000),
      event: "issued",
      code: { address: row.qr_code_data, token: row.public_token, issuedAt: row.created_at.toISOString() },
    });
    const leaf = await sha256Hex(record);
    head = await chainHash(head, leaf);
    entries.push({ record, leaf, chain: head, subject: row.public_token });
  }
  await pg.query(
    `INSERT INTO transparency_log (seq, kind, subject, record, leaf_hash, chain_hash)
     SELECT n, 'certificate', subject, record, leaf, chain
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(subject, record, leaf, chain, n)`,
    [
      entries.map((e) => e.subject),
      entries.map((e) => e.record),
      entries.map((e) => e.leaf),
      entries.map((e) => e.chain),
    ],
  );
  await pg.query("UPDATE transparency_log_head SET size = $1, head_hash = $2", [CODES, head]);
  const [first, second] = (await pg.query<{ id: number }>("SELECT id FROM qr_codes ORDER BY id LIMIT 2")).rows;
  await signCertificate(db, signing, first!.id, "revoked");
  await signCertificate(db, signing, second!.id, "sealed");
}, 300_000);

describe(`the transparency log at ${CODES.toLocaleString("en-GB")} codes`, () => {
  it("verifies from the first entry to a signed checkpoint", async () => {
    const checkpoint = (await signCheckpoint(db, signing))!;
    expect(checkpoint.size).toBe(SIZE);
    const result = await verifyLogEntries(await logEntries(db, 1, SIZE, { withRecords: true }));
    expect(result).toEqual({ ok: true, size: SIZE, headHash: checkpoint.headHash });
    const signed = await verifyRecord<CheckpointRecord>(
      checkpoint.record,
      await keyHistory(db),
      RECORD_TYPES.checkpoint,
    );
    expect(signed).toMatchObject({ ok: true, payload: { size: SIZE, headHash: checkpoint.headHash } });
  });

  it("refuses to change or remove an entry, and names the entry an edit with the triggers off broke", async () => {
    await expect(pg.query("UPDATE transparency_log SET kind = kind WHERE seq = 1")).rejects.toThrow(
      "transparency_log is append-only",
    );
    await expect(pg.query("DELETE FROM transparency_log WHERE seq = 1")).rejects.toThrow("append-only");
    await expect(pg.query("TRUNCATE transparency_log")).rejects.toThrow("append-only");
    await expect(pg.query("DELETE FROM transparency_checkpoints")).rejects.toThrow("append-only");

    await pg.exec(`
      SET session_replication_role = replica;
      UPDATE transparency_log SET record = replace(record, '.', '.x') WHERE seq = 4321;
      SET session_replication_role = origin;`);
    expect(await verifyLogEntries(await logEntries(db, 1, SIZE, { withRecords: true }))).toEqual({
      ok: false,
      seq: 4321,
      problem: "leaf-hash",
    });

    // Rewriting the leaf hash too only moves the break to the chain, at the same entry.
    await pg.exec(`
      SET session_replication_role = replica;
      UPDATE transparency_log SET leaf_hash = encode(sha256(convert_to(record, 'UTF8')), 'hex') WHERE seq = 4321;
      SET session_replication_role = origin;`);
    expect(await verifyLogEntries(await logEntries(db, 1, SIZE, { withRecords: true }))).toEqual({
      ok: false,
      seq: 4321,
      problem: "chain-hash",
    });

    // A removed entry is a gap.
    await pg.exec(`
      SET session_replication_role = replica;
      DELETE FROM transparency_log WHERE seq = 17;
      SET session_replication_role = origin;`);
    expect(await verifyLogEntries(await logEntries(db, 1, SIZE, { withRecords: true }))).toEqual({
      ok: false,
      seq: 17,
      problem: "missing",
    });
  });
});
