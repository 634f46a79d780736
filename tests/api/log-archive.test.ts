import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RECORD_TYPES, type CertificateRecord, type KeyHistory } from "#schema/signed-records.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import { archiveLogRecords } from "#worker/services/records/log-archive.ts";
import { certificateRecordsByToken } from "#worker/services/records/signed-records.ts";
import { verifyLogEntries } from "#verifier/log.ts";
import { verifyRecord } from "#verifier/records.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createCodeViaApi } from "./fixtures/codes";
import { withDb, withServices } from "./fixtures/database";
import { api } from "./fixtures/http";
import { insertValuer } from "./fixtures/valuers";

/*
 * The log's older records moved to R2 (decision 077), on the Worker's own bucket and database.
 * Archiving takes every record older than the time it is given, whichever test wrote it, so this
 * file runs in a project of its own (vitest.config.ts).
 */

const bucket = (env as Bindings).EVIDENCE;
/** Every record logged so far, whatever its age. */
const archiveAll = () => withServices(({ db }) => archiveLogRecords(db, bucket, 0));

const recordFile = async (token: string) => {
  const res = await api<{ record: string; history: string[] }>(`/api/public/certificates/${token}/record`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const hotRecords = () =>
  withDb(async (db) => {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM transparency_log_records`);
    return rows[0]!.n;
  });

const archives = () =>
  withDb(async (db) => {
    const { rows } = await db.execute<{ first_seq: string; last_seq: string; object_key: string }>(
      sql`SELECT first_seq, last_seq, object_key FROM transparency_log_archives ORDER BY first_seq`,
    );
    return rows.map((row) => ({ first: Number(row.first_seq), last: Number(row.last_seq), key: row.object_key }));
  });

async function payload(record: string) {
  const keys = (await api<KeyHistory>("/.well-known/jwks.json")).body;
  const check = await verifyRecord<CertificateRecord>(record, keys, RECORD_TYPES.certificate);
  if (!check.ok) throw new Error(`record refused: ${check.problem}`);
  return check.payload;
}

describe("the log's older records, archived to R2", () => {
  it("serves every record, proof and export exactly as before, and signs changes from archived records", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await insertValuer(owner.user.companyId!);
    const [kept, withdrawn, later] = [
      await createCodeViaApi(owner.token, valuer.id),
      await createCodeViaApi(owner.token, valuer.id),
      await createCodeViaApi(owner.token, valuer.id),
    ];
    await api(`/api/qr-codes/${withdrawn.id}/revoke`, { token: owner.token, body: { reason: "Wrong plot" } });
    const tokens = [kept, withdrawn, later].map((code) => code.publicToken);
    const filesBefore = await Promise.all(tokens.map(recordFile));
    const proofBefore = (await api(`/log/proof/${withdrawn.publicToken}`)).body;
    const exportedBefore = await withDb((db) => certificateRecordsByToken(db, bucket, tokens));

    // Every record moves: none is left in the database, and one object holds them in order.
    const size = await withDb(async (db) => {
      const { rows } = await db.execute<{ size: string }>(sql`SELECT size FROM transparency_log_head`);
      return Number(rows[0]!.size);
    });
    expect(await archiveAll()).toBe(size);
    expect(await hotRecords()).toBe(0);
    const [archive] = await archives();
    expect(archive).toMatchObject({ first: 1, last: size });
    const lines = (await (await bucket.get(archive!.key))!.text()).split("\n");
    expect(lines).toHaveLength(size + 1);
    expect(lines).toContain(filesBefore[1]!.record);

    // The record files, the proof and the export read them back unchanged.
    expect(await Promise.all(tokens.map(recordFile))).toEqual(filesBefore);
    const proof = (await api(`/log/proof/${withdrawn.publicToken}`)).body;
    expect(proof.entries[0]).toEqual(proofBefore.entries[0]);
    expect(await verifyLogEntries(proof.entries, proof.previousHash, proof.entries[0].seq)).toMatchObject({
      ok: true,
    });
    expect(await withDb((db) => certificateRecordsByToken(db, bucket, tokens))).toEqual(exportedBefore);

    // A withdrawal after the archive is signed as a transition from the archived record.
    const issued = filesBefore[2]!.record;
    const revoked = await api(`/api/qr-codes/${later.id}/revoke`, { token: owner.token, body: { reason: "Typo" } });
    expect(revoked.status).toBe(200);
    const afterChange = await recordFile(later.publicToken);
    expect(afterChange.history).toEqual([issued]);
    expect(await payload(afterChange.record)).toMatchObject({
      event: "revoked",
      prev: createHash("sha256").update(issued).digest("hex"),
      withdrawal: { reason: "Typo" },
    });
    expect(await hotRecords()).toBe(1);

    // The next run archives only what is new, in an object of its own; the one after, nothing.
    expect(await archiveAll()).toBe(1);
    expect((await archives()).map(({ first, last }) => [first, last])).toEqual([
      [1, size],
      [size + 1, size + 1],
    ]);
    expect(await archiveAll()).toBe(0);
    expect(await recordFile(later.publicToken)).toEqual(afterChange);
  });

  it("keeps records younger than 30 days in the database, whatever time the hourly run is scheduled for", async () => {
    const owner = await registerOwnerViaServices();
    const code = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    const held = await hotRecords();
    expect(held).toBeGreaterThan(0);
    expect(await withServices(({ db }) => archiveLogRecords(db, bucket))).toBe(0);
    // The hourly run, scheduled 40 days ahead (as tests of other jobs do), moves nothing either.
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now() + 40 * 86_400_000, cron: "0 * * * *" }),
      env as Bindings,
      createExecutionContext(),
    );
    expect(await hotRecords()).toBe(held);
    expect((await recordFile(code.publicToken)).history).toEqual([]);
  });

  it("finishes a run that wrote its archive but did not remove the records", async () => {
    const owner = await registerOwnerViaServices();
    const code = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    await archiveAll();
    const again = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    const file = await recordFile(again.publicToken);
    // A run that stopped after writing the object and its row, as the job writes them.
    const seq = await withDb(async (db) => {
      const { rows } = await db.execute<{ seq: string }>(
        sql`SELECT seq FROM transparency_log WHERE subject = ${again.publicToken}`,
      );
      return Number(rows[0]!.seq);
    });
    const key = `transparency-log/half-done-${seq}.txt`;
    await bucket.put(key, `${file.record}\n`);
    await withDb((db) =>
      db.execute(sql`INSERT INTO transparency_log_archives (first_seq, last_seq, object_key, offsets)
        VALUES (${seq}, ${seq}, ${key}, ${`{0,${file.record.length + 1}}`}::int[])`),
    );
    expect(await hotRecords()).toBe(1);
    // The next run removes the record its archive holds, and writes nothing new for it.
    expect(await archiveAll()).toBe(0);
    expect(await hotRecords()).toBe(0);
    expect(await recordFile(again.publicToken)).toEqual(file);
    expect((await recordFile(code.publicToken)).history).toEqual([]);
  });

  it("never serves an archived record that is not its entry's, and never removes one no archive holds", async () => {
    const owner = await registerOwnerViaServices();
    const code = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    const file = await recordFile(code.publicToken);
    await archiveAll();
    const archive = (await archives()).at(-1)!;
    const original = await (await bucket.get(archive.key))!.text();

    // Someone with the bucket's keys changes one character of the record: same length, other text.
    const [header, body, signature] = file.record.split(".");
    const swapped = body!.slice(0, 10) + (body![10] === "A" ? "B" : "A") + body!.slice(11);
    await bucket.put(archive.key, original.replace(file.record, [header, swapped, signature].join(".")));
    const refused = await api(`/api/public/certificates/${code.publicToken}/record`);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(
      "A signed record's archived copy does not match the log, so it is not served. ValuSeal's operators have been told.",
    );
    expect(JSON.stringify(refused.body)).not.toContain(swapped);
    await bucket.put(archive.key, original);
    expect(await recordFile(code.publicToken)).toEqual(file);

    // The database refuses to drop a record no archive holds.
    const another = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    await expect(
      withDb((db) =>
        db.execute(
          sql`DELETE FROM transparency_log_records WHERE seq = (SELECT max(seq) FROM transparency_log WHERE subject = ${another.publicToken})`,
        ),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/is only removed once archived$/) } });
  });
});
