import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { RECORD_TYPES, type CheckpointRecord } from "#schema/signed-records.ts";
import { applyMigrations } from "./migration-files";
import { newSigningKey } from "#scripts/lib/signing-keys.ts";
import type { SigningKey } from "#worker/config.ts";
import type { Queryable } from "#worker/db.ts";
import { type RecordDisagreement, signerFor, type RecordSigning } from "#worker/lib/signing.ts";
import {
  certificateRecord,
  certificateSourceOf,
  type CertificateSourceRow,
  keyHistory,
  latestCheckpoint,
  logEntries,
  signCertificate,
  signCheckpoint,
} from "#worker/services/records/signed-records.ts";
import { chainHash, EMPTY_CHAIN_HASH, sha256Hex } from "#verifier/hashes.ts";
import { verifyLogEntries } from "#verifier/log.ts";
import { verifyRecord } from "#verifier/records.ts";

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
const disagreements: RecordDisagreement[] = [];

beforeAll(async () => {
  pg = new PGlite();
  await applyMigrations(pg);
  db = drizzle({ client: pg }) as unknown as Queryable;
  signing = {
    signer: await signerFor(JSON.parse(newSigningKey()) as SigningKey),
    origin: "https://valuseal.test",
    reportDisagreement: (disagreement) => disagreements.push(disagreement),
    // An empty bucket: nothing is archived on this database, so every record is read from it.
    archive: { get: async () => null, put: () => Promise.reject(new Error("nothing is archived here")) },
  };
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
  await pg.query("INSERT INTO signing_keys (kid, public_jwk) VALUES ($1, $2)", [
    signing.signer.kid,
    JSON.stringify(signing.signer.publicJwk),
  ]);
  const { rows } = (await db.execute<CertificateSourceRow>(
    sql`${certificateSourceOf(sql`qr_codes code`)} ORDER BY code.id`,
  )) as unknown as { rows: CertificateSourceRow[] };
  const entries: { record: string; leaf: string; chain: string; subject: string }[] = [];
  let head = EMPTY_CHAIN_HASH;
  for (const row of rows) {
    const record = await signing.signer.sign(
      RECORD_TYPES.certificate,
      await certificateRecord(row, signing.origin, "issued"),
    );
    const leaf = await sha256Hex(record);
    head = await chainHash(head, leaf);
    entries.push({ record, leaf, chain: head, subject: row.public_token });
  }
  await pg.query(
    `INSERT INTO transparency_log (seq, kind, subject, leaf_hash, chain_hash)
     SELECT n, 'certificate', subject, leaf, chain
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(subject, leaf, chain, n)`,
    [entries.map((e) => e.subject), entries.map((e) => e.leaf), entries.map((e) => e.chain)],
  );
  await pg.query(
    `INSERT INTO transparency_log_records (seq, record)
     SELECT n, record FROM unnest($1::text[]) WITH ORDINALITY AS t(record, n)`,
    [entries.map((e) => e.record)],
  );
  await pg.query("UPDATE transparency_log_head SET size = $1, head_hash = $2", [CODES, head]);
  const [first, second] = (await pg.query<{ id: number }>("SELECT id FROM qr_codes ORDER BY id LIMIT 2")).rows;
  await pg.query("UPDATE qr_codes SET revoked_at = now(), revoked_reason = 'Wrong plot' WHERE id = $1", [first!.id]);
  await signCertificate(db, signing, first!.id, "revoked", "defer");
  await signCertificate(db, signing, second!.id, "sealed", "refuse");
  expect(disagreements).toEqual([]);
}, 300_000);

describe(`the transparency log at ${CODES.toLocaleString("en-GB")} codes`, () => {
  it("verifies from the first entry to a signed checkpoint", async () => {
    const checkpoint = (await signCheckpoint(db, signing))!;
    expect(checkpoint.size).toBe(SIZE);
    const result = await verifyLogEntries(await logEntries(db, 1, SIZE, { recordsFrom: signing.archive }));
    expect(result).toEqual({ ok: true, size: SIZE, headHash: checkpoint.headHash });
    const signed = await verifyRecord<CheckpointRecord>(
      checkpoint.record,
      await keyHistory(db),
      RECORD_TYPES.checkpoint,
    );
    expect(signed).toMatchObject({ ok: true, payload: { size: SIZE, headHash: checkpoint.headHash } });
  });

  it("moves the head only forward, onto an entry that holds the chain", async () => {
    await expect(pg.query("UPDATE transparency_log_head SET size = size - 1")).rejects.toThrow(
      "transparency_log_head moves only forward, onto the last entry",
    );
    await expect(pg.query("UPDATE transparency_log_head SET head_hash = repeat('a', 64)")).rejects.toThrow(
      "moves only forward",
    );
    await expect(pg.query("DELETE FROM transparency_log_head")).rejects.toThrow("never removed");
    const leaf = await sha256Hex("forged");
    await expect(
      pg.query(
        "INSERT INTO transparency_log (seq, kind, subject, leaf_hash, chain_hash) VALUES ($1, 'certificate', 'x', $2, $3)",
        [SIZE + 5, leaf, await chainHash(EMPTY_CHAIN_HASH, leaf)],
      ),
    ).rejects.toThrow(`transparency_log entry ${SIZE + 5} does not follow an entry`);
    await expect(
      pg.query(
        "INSERT INTO transparency_log (seq, kind, subject, leaf_hash, chain_hash) VALUES ($1, 'certificate', 'x', $2, $3)",
        [SIZE + 1, leaf, await chainHash(EMPTY_CHAIN_HASH, leaf)],
      ),
    ).rejects.toThrow(`transparency_log entry ${SIZE + 1} does not hold its chain`);
  });

  it("signs a checkpoint naming the one it extends, and none over a log rewritten in the database", async () => {
    const [first] = (await pg.query<{ id: number }>("SELECT id FROM qr_codes ORDER BY id LIMIT 1")).rows;
    const earlier = (await signCheckpoint(db, signing))!;
    await pg.query("UPDATE qr_codes SET revoked_at = NULL, revoked_reason = NULL WHERE id = $1", [first!.id]);
    await signCertificate(db, signing, first!.id, "reinstated", "refuse");
    const extended = (await signCheckpoint(db, signing))!;
    const keys = await keyHistory(db);
    const signed = await verifyRecord<CheckpointRecord>(extended.record, keys, RECORD_TYPES.checkpoint);
    expect(signed).toMatchObject({
      ok: true,
      payload: { size: earlier.size + 1, previous: { size: earlier.size, headHash: earlier.headHash } },
    });

    // Someone with the database's keys swaps an entry both checkpoints cover and rebuilds the chain after it.
    await pg.exec(`
      SET session_replication_role = replica;
      UPDATE transparency_log_records SET record = 'forged' WHERE seq = ${SIZE};
      UPDATE transparency_log SET leaf_hash = encode(sha256(convert_to('forged', 'UTF8')), 'hex'),
        chain_hash = encode(sha256(decode((SELECT chain_hash FROM transparency_log WHERE seq = ${SIZE - 1}), 'hex')
          || sha256(convert_to('forged', 'UTF8'))), 'hex')
      WHERE seq = ${SIZE};
      UPDATE transparency_log SET chain_hash = encode(sha256(decode((SELECT chain_hash FROM transparency_log WHERE seq = ${SIZE}), 'hex')
          || decode(leaf_hash, 'hex')), 'hex')
      WHERE seq = ${SIZE + 1};
      UPDATE transparency_log_head SET head_hash = (SELECT chain_hash FROM transparency_log WHERE seq = ${SIZE + 1});
      SET session_replication_role = origin;`);
    await pg.query("UPDATE qr_codes SET revoked_at = now(), revoked_reason = 'Fraud found' WHERE id = $1", [first!.id]);
    await signCertificate(db, signing, first!.id, "revoked", "defer");
    await expect(signCheckpoint(db, signing)).rejects.toThrow(
      "The transparency log does not extend its last signed checkpoint",
    );
    expect(disagreements).toEqual([
      { subject: "log", problem: `the head at size ${SIZE + 2} does not extend the checkpoint at size ${SIZE + 1}` },
    ]);
    expect((await latestCheckpoint(db))!.size).toBe(SIZE + 1);
  });

  it("refuses to change or remove an entry, and names the entry an edit with the triggers off broke", async () => {
    await expect(pg.query("UPDATE transparency_log SET kind = kind WHERE seq = 1")).rejects.toThrow(
      "transparency_log is append-only",
    );
    await expect(pg.query("DELETE FROM transparency_log WHERE seq = 1")).rejects.toThrow("append-only");
    await expect(pg.query("TRUNCATE transparency_log CASCADE")).rejects.toThrow("append-only");
    await expect(pg.query("DELETE FROM transparency_checkpoints")).rejects.toThrow("append-only");
    // A record is never changed, and removed only once an archive holds it (none does here).
    await expect(pg.query("UPDATE transparency_log_records SET record = record WHERE seq = 1")).rejects.toThrow(
      "transparency_log record 1 is only removed once archived",
    );
    await expect(pg.query("DELETE FROM transparency_log_records WHERE seq = 2")).rejects.toThrow(
      "transparency_log record 2 is only removed once archived",
    );
    await expect(pg.query("TRUNCATE transparency_log_records")).rejects.toThrow("append-only");

    await pg.exec(`
      SET session_replication_role = replica;
      UPDATE transparency_log_records SET record = replace(record, '.', '.x') WHERE seq = 4321;
      SET session_replication_role = origin;`);
    expect(await verifyLogEntries(await logEntries(db, 1, SIZE, { recordsFrom: signing.archive }))).toEqual({
      ok: false,
      seq: 4321,
      problem: "leaf-hash",
    });

    // Rewriting the leaf hash too only moves the break to the chain, at the same entry.
    await pg.exec(`
      SET session_replication_role = replica;
      UPDATE transparency_log SET leaf_hash = encode(sha256(convert_to(
        (SELECT record FROM transparency_log_records WHERE seq = 4321), 'UTF8')), 'hex') WHERE seq = 4321;
      SET session_replication_role = origin;`);
    expect(await verifyLogEntries(await logEntries(db, 1, SIZE, { recordsFrom: signing.archive }))).toEqual({
      ok: false,
      seq: 4321,
      problem: "chain-hash",
    });

    // A removed entry is a gap.
    await pg.exec(`
      SET session_replication_role = replica;
      DELETE FROM transparency_log WHERE seq = 17;
      SET session_replication_role = origin;`);
    expect(await verifyLogEntries(await logEntries(db, 1, SIZE, { recordsFrom: signing.archive }))).toEqual({
      ok: false,
      seq: 17,
      problem: "missing",
    });
  });
});
