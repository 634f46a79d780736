import { env } from "cloudflare:test";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import {
  RECORD_TYPES,
  type CertificateRecord,
  type CheckpointRecord,
  type IssuerVerificationRecord,
  type KeyHistory,
  type StatusRecord,
} from "#schema/signed-records.ts";
import { companies, idempotencyKeys, qrCodes } from "#schema/tables.ts";
import { createQrCodeSchema } from "#schema/validation/qr-codes.ts";
import type { SigningKey } from "#worker/config.ts";
import type { Database } from "#worker/db.ts";
import { issueCode, prospectiveCodesQuery } from "#worker/services/codes/code-issuing.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { alertAdministrators } from "#worker/services/companies/administrator-alerts.ts";
import type { Bindings } from "#worker/bindings.ts";
import { signerFor, type RecordSigning } from "#worker/lib/signing.ts";
import {
  certificateRecord,
  certificateRecords,
  certificateRecordsFor,
  certificateSourceOf,
  type CertificateSourceRow,
  keyHistory,
  logEntries,
  markKeyCompromised,
  signCertificate,
} from "#worker/services/records/signed-records.ts";
import { pageFingerprintsRoot } from "#verifier/hashes.ts";
import { RECENT_VALUATION_DAYS, valuationDay } from "../shared/dates";
import { verifyLogEntries } from "#verifier/log.ts";
import { verifyRecord } from "#verifier/records.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { codeInput, createCodeViaApi, insertCode } from "./fixtures/codes";
import { inRolledBackTransaction, withDb, withServices } from "./fixtures/database";
import { api, ORIGIN, unique } from "./fixtures/http";
import { insertValuer } from "./fixtures/valuers";
import { waitForEmail } from "../shared/inbox";

const jwks = async () => (await api<KeyHistory>("/.well-known/jwks.json")).body;

const downloadRecord = async (token: string) => {
  const res = await api(`/api/public/certificates/${token}/record`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};

async function verifiedCertificate(record: string, history?: KeyHistory) {
  const check = await verifyRecord<CertificateRecord>(record, history ?? (await jwks()), RECORD_TYPES.certificate);
  if (!check.ok) throw new Error(`record refused: ${check.problem}`);
  return check.payload;
}

/** Another platform key, as `npm run keys:rotate` makes one (generated here with WebCrypto). */
async function anotherSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair("EdDSA", { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x: jwk.x! });
  return { kty: "OKP", crv: "Ed25519", x: jwk.x!, d: jwk.d!, kid };
}

/** The Worker's evidence bucket, where the log's older records are archived. */
const archive = (env as Bindings).EVIDENCE;

const workerSigning = () => withServices(async ({ signing }) => signing);

/** Another key's signing, as after a rotation, reporting disagreements nowhere. */
const signingWith = async (key: SigningKey): Promise<RecordSigning> => ({
  signer: await signerFor(key),
  origin: ORIGIN,
  reportDisagreement: () => {},
  archive: archive,
});

/** One character of the JWS payload changed: still well formed, no longer what was signed. */
function alterOneCharacter(record: string): string {
  const [header, payload, signature] = record.split(".");
  const at = Math.floor(payload!.length / 2);
  const swapped = payload![at] === "A" ? "B" : "A";
  return [header, payload!.slice(0, at) + swapped + payload!.slice(at + 1), signature].join(".");
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

describe("signed certificate records", () => {
  it("signs a code at issue with its frozen certificate; the download verifies against the published keys", async () => {
    const owner = await registerOwnerViaServices({ name: "Signed Valuers Ltd" });
    const valuer = await insertValuer(owner.user.companyId!, { name: "Amina Otieno", registrationNumber: "VRB 77" });
    const code = await createCodeViaApi(owner.token, valuer.id, { addressee: "Equity Bank" });

    const res = await downloadRecord(code.publicToken);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="valuseal-${code.verificationCode}.json"`,
    );
    expect(res.body).toMatchObject({
      keys: `${ORIGIN}/.well-known/jwks.json`,
      status: `${ORIGIN}/status/${code.publicToken}`,
    });
    const payload = await verifiedCertificate(res.body.record);
    expect(payload).toMatchObject({
      v: 1,
      iss: ORIGIN,
      event: "issued",
      code: { address: code.qrCodeData, token: code.publicToken, verificationCode: code.verificationCode },
      issuer: { name: "Signed Valuers Ltd", email: owner.email, verifiedAt: null },
      valuer: { name: "Amina Otieno", registrationNumber: "VRB 77" },
      property: { address: code.propertyAddress, type: "Real Estate" },
      valuation: { marketValue: code.marketValue, currency: "KES", addressee: "Equity Bank" },
      withdrawal: null,
      sealedReport: null,
    });
    expect(Math.abs(payload.iat * 1000 - Date.now())).toBeLessThan(60_000);

    // Any change to the signed text is refused, and so is a key nobody published.
    expect(await verifyRecord(alterOneCharacter(res.body.record), await jwks(), RECORD_TYPES.certificate)).toEqual({
      ok: false,
      problem: "bad-signature",
      key: expect.objectContaining({ kid: expect.any(String) }),
    });
    expect(await verifyRecord(res.body.record, { keys: [] }, RECORD_TYPES.certificate)).toEqual({
      ok: false,
      problem: "unknown-key",
    });
    // A certificate record is not a status or a checkpoint, whatever it says.
    expect(await verifyRecord(res.body.record, await jwks(), RECORD_TYPES.status)).toEqual({
      ok: false,
      problem: "wrong-type",
    });
  });

  it("signs at issue exactly the code it stores: every field of the record matches the stored code", async () => {
    const owner = await registerOwnerViaServices({ name: "Exact Valuers Ltd" });
    const valuer = await insertValuer(owner.user.companyId!, { name: "Peter Kamau", qualification: "MISK" });
    const inspected = valuationDay(RECENT_VALUATION_DAYS + 2);
    // Every optional field, with values whose stored form differs from what was sent (scales, dates).
    const code = await createCodeViaApi(owner.token, valuer.id, {
      addressee: "Co-operative Bank",
      purpose: "Secured lending",
      inspectionDate: inspected.iso,
      forcedSaleValue: "31,500,000.5",
      titleNumber: "NAIROBI/BLOCK 91/77",
      latitude: -1.2678,
      longitude: 36.8,
      propertySize: 2450.5,
      landSize: 0.125,
      externalReference: "JOB-EXACT-1",
    });
    const issued = await verifiedCertificate((await downloadRecord(code.publicToken)).body.record);

    const [stored] = await withDb(
      async (db) =>
        (await db.execute(sql`${certificateSourceOf(sql`qr_codes code`, sql`code.id = ${code.id}`)}`))
          .rows as CertificateSourceRow[],
    );
    const { iat: _iat, ...fromStoredCode } = await certificateRecord(stored!, ORIGIN, "issued");
    const { iat: _issuedAt, ...signed } = issued;
    expect(signed).toEqual(fromStoredCode);
    expect(signed.valuation).toMatchObject({ forcedSaleValue: "31500000.50", inspectionDate: inspected.timestamp });
    expect(signed.code.issuedAt).toBe(new Date(code.createdAt).toISOString());
  });

  it("issues a code under the identity of the moment it is stored, when the firm renames itself while it is built", async () => {
    const owner = await registerOwnerViaServices({ name: "Before Rename Ltd" });
    const valuer = await insertValuer(owner.user.companyId!, { name: "Ruth Njeri" });
    const issuer = { userId: owner.user.id, companyId: owner.user.companyId! };
    const values = createQrCodeSchema.parse(codeInput(valuer.id));
    const signing = await workerSigning();
    // Round trip 1 built the code under the old name; the rename commits before round trip 2.
    const stale = await withDb((db) => prospectiveCodesQuery(db, signing.origin, issuer, [values]));
    expect(stale[0]!.issuerName).toBe("Before Rename Ltd");
    await withDb((db) =>
      db.update(companies).set({ name: "After Rename Ltd" }).where(eq(companies.id, owner.user.companyId!)),
    );

    const issued = await withDb((db) =>
      issueCode(
        db,
        signing,
        new Outbox(),
        { issuer, values, request: { userId: owner.user.id, key: undefined, input: values }, prospective: stale },
        (code) => code,
      ),
    );
    // Refused as built, and built again: the stored code, its answer and its signed record all name the firm as it now is.
    expect(issued.body.issuerName).toBe("After Rename Ltd");
    expect(issued.body.id).not.toBe(stale[0]!.id);
    const payload = await verifiedCertificate((await downloadRecord(issued.body.publicToken)).body.record);
    expect(payload.issuer.name).toBe("After Rename Ltd");
    expect(await withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, owner.user.companyId!)))).toBe(1);
  });

  it("issues a code amber when ValuSeal withdraws the firm's verification while it is built", async () => {
    const owner = await registerOwnerViaServices();
    const companyId = owner.user.companyId!;
    const valuer = await insertValuer(companyId);
    await verifyCompanyViaAdmin(companyId);
    const admin = await createAdminViaDb();
    const issuer = { userId: owner.user.id, companyId };
    const values = createQrCodeSchema.parse(codeInput(valuer.id));
    const signing = await workerSigning();
    // Round trip 1 built the code while the firm was verified; the withdrawal commits before round trip 2.
    const stale = await withDb((db) => prospectiveCodesQuery(db, signing.origin, issuer, [values]));
    expect(stale[0]!.issuerTrust).toBe("verified");
    const withdrawn = await api(`/api/admin/companies/${companyId}/verification`, {
      method: "PATCH",
      token: admin.token,
      body: { verified: false, note: "Registration lapsed" },
    });
    expect(withdrawn.status).toBe(200);

    const issued = await withDb((db) =>
      issueCode(
        db,
        signing,
        new Outbox(),
        { issuer, values, request: { userId: owner.user.id, key: undefined, input: values }, prospective: stale },
        (code) => code,
      ),
    );
    // Built and signed again after the withdrawal: the code, its certificate and its record are amber.
    expect(issued.body.issuerTrust).toBe("not-verified");
    const certificate = await api(`/api/public/certificates/${issued.body.publicToken}`);
    expect(certificate.body.issuerVerified).toBe(false);
    const payload = await verifiedCertificate((await downloadRecord(issued.body.publicToken)).body.record);
    expect(payload.issuer.verifiedAt).toBeNull();
  });

  it("keeps what was issued: a later valuer edit is not in the record, a revocation is a new record", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await insertValuer(owner.user.companyId!, { name: "First Signer" });
    const code = await createCodeViaApi(owner.token, valuer.id);
    const issued = (await downloadRecord(code.publicToken)).body.record;

    await api(`/api/valuers/${valuer.id}`, {
      method: "PUT",
      token: owner.token,
      body: { name: "Someone Else", qualification: "None", phone: "+254711000000" },
    });
    const revoked = await api(`/api/qr-codes/${code.id}/revoke`, {
      token: owner.token,
      body: { reason: "Value corrected" },
    });
    expect(revoked.status).toBe(200);

    const file = (await downloadRecord(code.publicToken)).body;
    // The file keeps the record as issued too: a report printed before the withdrawal matches it.
    expect(file.history).toEqual([issued]);
    const latest = await verifiedCertificate(file.record);
    expect(latest).toMatchObject({
      event: "revoked",
      valuer: { name: "First Signer" },
      withdrawal: { reason: "Value corrected", replacedBy: null },
    });
    // The issue record is still in the log, unchanged, before the revocation.
    const entries = await withDb(async (db) => {
      const { rows } = await db.execute<{ record: string }>(
        sql`SELECT r.record FROM transparency_log l JOIN transparency_log_records r USING (seq)
            WHERE l.subject = ${code.publicToken} ORDER BY seq`,
      );
      return rows.map((row) => row.record);
    });
    expect(entries).toEqual([issued, expect.any(String)]);
    expect((await verifiedCertificate(entries[1]!)).event).toBe("revoked");
  });

  it("names a sealed report's file digest and every page fingerprint, with their Merkle root", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const pages = Array.from({ length: 5 }, (_, index) => digest(`page ${index + 1}`));
    const sealed = await api(`/api/qr-codes/${code.id}/seals`, {
      token: owner.token,
      body: { sha256: digest("sealed file"), pageFingerprints: pages },
    });
    expect(sealed.status).toBe(201);
    const record = await verifiedCertificate((await downloadRecord(code.publicToken)).body.record);
    expect(record.event).toBe("sealed");
    expect(record.sealedReport).toEqual({
      version: 1,
      sha256: digest("sealed file"),
      pageCount: 5,
      pageFingerprints: pages,
      pageFingerprintsRoot: await pageFingerprintsRoot(pages),
    });
    // RFC 9162: one leaf is SHA-256(0x00 ‖ leaf); the root of two is SHA-256(0x01 ‖ left ‖ right).
    const leaf = (hex: string) => createHash("sha256").update(Buffer.concat([Buffer.of(0), Buffer.from(hex, "hex")]));
    const node = createHash("sha256")
      .update(Buffer.concat([Buffer.of(1), leaf(pages[0]!).digest(), leaf(pages[1]!).digest()]))
      .digest("hex");
    expect(await pageFingerprintsRoot(pages.slice(0, 2))).toBe(node);
  });

  it("signs nothing from a row rewritten in the database, and tells the administrators", async () => {
    const admin = await createAdminViaDb();
    const owner = await registerOwnerViaServices();
    const code = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    const issued = await withDb((db) => certificateRecords(db, archive, code.publicToken));
    // Someone with the database's password doubles the value and backdates the issue.
    await withDb((db) =>
      db
        .update(qrCodes)
        .set({ marketValue: "90000000", createdAt: new Date("2025-01-01T00:00:00Z") })
        .where(eq(qrCodes.id, code.id)),
    );
    // The firm's withdrawal still goes through, unsigned; nothing is signed from the rewritten row.
    const revoked = await api(`/api/qr-codes/${code.id}/revoke`, {
      token: owner.token,
      body: { reason: "Fraud found" },
    });
    expect(revoked.status).toBe(200);
    expect(await withDb((db) => certificateRecords(db, archive, code.publicToken))).toEqual(issued);
    const alert = await waitForEmail(admin.email, "stored data disagrees with what ValuSeal signed");
    expect(alert.text).toContain(
      `The stored row of the code with token ${code.publicToken} disagrees with its last signed record`,
    );
    expect(alert.text).toContain("its code, valuation differ from the signed record");
    // The record file keeps the last signed record and says a newer state is not signed.
    const file = (await downloadRecord(code.publicToken)).body;
    expect(file.record).toBe(issued[0]);
    // Each download finds the same disagreement; the administrators are told of it once a day.
    const again = { subject: code.publicToken, problem: "its code, valuation differ from the signed record" };
    expect(await withDb((db) => alertAdministrators(env as Bindings, db, again))).toBe(0);
    expect(
      await withDb((db) => alertAdministrators(env as Bindings, db, { ...again, subject: unique("fresh") })),
    ).toBeGreaterThan(0);
    expect(file.unsignedChange).toMatch(
      /^This code was withdrawn at .* \(Fraud found\), and that change is not signed yet/,
    );

    // A row whose withdrawal is lifted around the routes is not signed as reinstated either.
    const other = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    await api(`/api/qr-codes/${other.id}/revoke`, { token: owner.token, body: { reason: "Wrong plot" } });
    await withDb((db) =>
      db.update(qrCodes).set({ revokedAt: null, revokedReason: null }).where(eq(qrCodes.id, other.id)),
    );
    const lifted = await withServices(async ({ db, signing, disagreements }) => {
      const found = await certificateRecordsFor(db, signing, other.publicToken);
      return { found, disagreements };
    });
    expect(lifted.found!.records).toHaveLength(2);
    expect((await verifiedCertificate(lifted.found!.records[1]!)).withdrawal).toMatchObject({ reason: "Wrong plot" });
    expect(lifted.disagreements).toEqual([
      { subject: other.publicToken, problem: "its withdrawal or seal is one no signed change made" },
    ]);
  });

  it("signs a record for a code issued before records existed when it is first asked for", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner, { createdAt: new Date("2026-01-10T08:00:00Z"), signed: false });
    expect(await withDb((db) => certificateRecords(db, archive, code.publicToken))).toEqual([]);
    const record = await verifiedCertificate((await downloadRecord(code.publicToken)).body.record);
    expect(record).toMatchObject({ event: "recorded", code: { issuedAt: "2026-01-10T08:00:00.000Z" } });
    // Asked again, it is the same record, not a second one.
    const again = (await downloadRecord(code.publicToken)).body;
    expect([...again.history, again.record]).toEqual(
      await withDb((db) => certificateRecords(db, archive, code.publicToken)),
    );
    expect(again.history).toEqual([]);
    expect((await api("/api/public/certificates/NotARealToken123/record")).status).toBe(404);
  });

  it("logs an administrator's verification of an issuer identity, and its end when the firm renames itself", async () => {
    const owner = await registerOwnerViaServices({ name: "Logged Identity Ltd" });
    await verifyCompanyViaAdmin(owner.user.companyId!);
    const decisions = async () => {
      const { rows } = await withDb((db) =>
        db.execute<{ record: string }>(
          sql`SELECT r.record FROM transparency_log l JOIN transparency_log_records r USING (seq)
              WHERE l.kind = 'issuer-verification' AND l.subject = ${String(owner.user.companyId)} ORDER BY seq`,
        ),
      );
      const keys = await jwks();
      return Promise.all(
        rows.map((row) => verifyRecord<IssuerVerificationRecord>(row.record, keys, RECORD_TYPES.issuerVerification)),
      );
    };
    const verified = {
      ok: true,
      payload: {
        decision: "verified",
        company: { id: owner.user.companyId, legalName: "Logged Identity Ltd", email: owner.email },
      },
    };
    expect(await decisions()).toMatchObject([verified]);

    // A rename sends the firm back to review: ValuSeal stops vouching for the old identity, signed.
    const company = (await api("/api/companies/current", { token: owner.token })).body;
    const renamed = await api("/api/companies/current", {
      method: "PUT",
      token: owner.token,
      body: { name: "Renamed Identity Ltd", email: company.email, phone: company.phone, location: company.location },
    });
    expect(renamed.status).toBe(200);
    expect(await decisions()).toMatchObject([
      verified,
      { ok: true, payload: { decision: "ended", company: { legalName: "Logged Identity Ltd" } } },
    ]);
  });
});

describe("signed status", () => {
  it("answers a code's status as a short-lived JWS anyone's script can read", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const res = await api(`/status/${code.publicToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jose");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const check = await verifyRecord<StatusRecord>(res.body, await jwks(), RECORD_TYPES.status);
    expect(check).toMatchObject({
      ok: true,
      payload: {
        status: "valid",
        issuerTrust: "not-verified",
        headline: "Issuer not verified by ValuSeal",
        reason: null,
        code: { address: code.qrCodeData },
      },
    });
    if (!check.ok) return;
    expect(check.payload.exp - check.payload.iat).toBe(300);
    // Past its time it proves nothing any more.
    expect(
      await verifyRecord(res.body, await jwks(), RECORD_TYPES.status, new Date(Date.now() + 301_000)),
    ).toMatchObject({
      ok: false,
      problem: "expired",
    });

    await api(`/api/qr-codes/${code.id}/revoke`, { token: owner.token, body: { reason: "Withdrawn by the firm" } });
    const after = await verifyRecord<StatusRecord>(
      (await api(`/status/${code.publicToken}`)).body,
      await jwks(),
      RECORD_TYPES.status,
    );
    expect(after).toMatchObject({ ok: true, payload: { status: "revoked", reason: "Withdrawn by the firm" } });
    expect((await api("/status/NotARealToken123")).status).toBe(404);
    expect((await api("/status/<script>")).status).toBe(404);
  });
});

describe("the append-only log", () => {
  it("proves a code's records are in the log under a signed checkpoint", async () => {
    const owner = await registerOwnerViaServices();
    const code = await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    await api(`/api/qr-codes/${code.id}/revoke`, { token: owner.token, body: { reason: "Typo in the address" } });

    const res = await api(`/log/proof/${code.publicToken}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { previousHash, entries, checkpoint } = res.body;
    // The proof carries the code's latest record (its withdrawal) and only hashes after it.
    const latest = (await downloadRecord(code.publicToken)).body.record;
    expect(entries[0].record).toBe(latest);
    expect(entries.slice(1).every((entry: object) => !("record" in entry))).toBe(true);
    const chain = await verifyLogEntries(entries, previousHash, entries[0].seq);
    expect(chain).toEqual({ ok: true, headHash: checkpoint.headHash, size: checkpoint.size });
    const signed = await verifyRecord<CheckpointRecord>(checkpoint.record, await jwks(), RECORD_TYPES.checkpoint);
    expect(signed).toMatchObject({
      ok: true,
      payload: { size: checkpoint.size, headHash: checkpoint.headHash, iss: ORIGIN },
    });
    // Changing the record by one character breaks the proof at its entry.
    const altered = [{ ...entries[0], record: alterOneCharacter(latest) }, ...entries.slice(1)];
    expect(await verifyLogEntries(altered, previousHash, entries[0].seq)).toMatchObject({
      ok: false,
      seq: entries[0].seq,
      problem: "leaf-hash",
    });

    const listed = await api("/log/checkpoints?page=1&pageSize=5");
    expect(listed.status).toBe(200);
    expect(listed.body.items.length).toBeGreaterThan(0);
    // The published log is hashes only: paging through it lists no code, address or valuation.
    const published = await api(`/log/entries?from=1&to=${Math.min(checkpoint.size, 1000)}`);
    expect(published.status).toBe(200);
    for (const entry of published.body.entries) {
      expect(Object.keys(entry).sort()).toEqual(["chainHash", "leafHash", "seq"]);
    }
    expect(JSON.stringify(published.body)).not.toContain(code.publicToken);
  });

  it("verifies from the first entry, and names the first entry an edit in the database broke", async () => {
    const owner = await registerOwnerViaServices();
    await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    await inRolledBackTransaction(async (tx) => {
      const [{ size }] = (await tx.execute<{ size: string }>(sql`SELECT size FROM transparency_log_head`)).rows as [
        { size: string },
      ];
      const last = Number(size);
      const first = Math.max(1, last - 200);
      const before = first === 1 ? undefined : (await logEntries(tx, first - 1, first - 1, {}))[0]!.chainHash;
      expect(
        await verifyLogEntries(await logEntries(tx, first, last, { recordsFrom: archive }), before, first),
      ).toMatchObject({
        ok: true,
        size: last,
      });

      // The application cannot change an entry…
      await expect(
        tx.transaction((edit) => edit.execute(sql`UPDATE transparency_log SET kind = kind WHERE seq = ${last}`)),
      ).rejects.toMatchObject({ cause: { message: "transparency_log is append-only" } });
      // …and when someone with the database's keys does (triggers off), the verification says where.
      const target = last - 1 >= first ? last - 1 : last;
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE transparency_log_records SET record = record || 'x' WHERE seq = ${target}`);
      expect(
        await verifyLogEntries(await logEntries(tx, first, last, { recordsFrom: archive }), before, first),
      ).toEqual({
        ok: false,
        seq: target,
        problem: "leaf-hash",
      });
    });
  });

  it("answers a bad range of entries with the field's message", async () => {
    const bad = await api("/log/entries?from=5&to=2");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContain("to: to must not be before from");
    expect((await api("/log/entries?from=1&to=5000")).body.errors).toContain(
      "to: Ask for at most 1000 entries at once",
    );
    expect((await api("/log/entries?from=x&to=2")).status).toBe(400);
  });
});

describe("signing keys", () => {
  it("publishes every key; after a rotation old records still verify, and the new key stops the old one", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const current = await workerSigning();
    await inRolledBackTransaction(async (tx) => {
      const [before] = await certificateRecords(tx, archive, code.publicToken);
      const rotated = await signingWith(await anotherSigningKey());
      await tx.execute(
        sql`UPDATE qr_codes SET revoked_at = now(), revoked_reason = 'Wrong figures' WHERE id = ${code.id}`,
      );
      const after = (await signCertificate(tx, rotated, code.id, "revoked", "defer"))!;
      const history = await keyHistory(tx);
      const [oldKey, newKey] = [current.signer.kid, rotated.signer.kid].map((kid) =>
        history.keys.find((key) => key.kid === kid),
      );
      expect(oldKey).toMatchObject({
        kty: "OKP",
        crv: "Ed25519",
        alg: "EdDSA",
        use: "sig",
        stopped_at: expect.any(String),
      });
      expect(newKey).toMatchObject({ stopped_at: null, compromised_at: null });
      expect(JSON.stringify(history)).not.toContain('"d"');
      expect((await verifiedCertificate(before!, history)).event).toBe("issued");
      // The new key's record is a transition from the old key's: it names it, and changes only the state.
      expect(await verifiedCertificate(after, history)).toMatchObject({
        event: "revoked",
        prev: createHash("sha256").update(before!).digest("hex"),
        withdrawal: { reason: "Wrong figures" },
      });
    });
  });

  it("refuses what a compromised key signed from the compromise on, and the Worker stops signing with it", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const valuer = await insertValuer(owner.user.companyId!);
    await inRolledBackTransaction(async (tx) => {
      const leaked = await signingWith(await anotherSigningKey());
      // The key published and used: it signs a record before it leaks.
      await tx.execute(
        sql`INSERT INTO signing_keys (kid, public_jwk) VALUES (${leaked.signer.kid}, ${JSON.stringify(leaked.signer.publicJwk)}::jsonb)`,
      );
      const [issuedRecord] = await certificateRecords(tx, archive, code.publicToken);
      const beforeLeak = await leaked.signer.sign(RECORD_TYPES.certificate, {
        ...(await verifiedCertificate(issuedRecord!, await keyHistory(tx))),
        iat: Math.floor(Date.now() / 1000),
        event: "recorded",
      });
      const leakedAt = new Date(Date.now() + 2000);
      await markKeyCompromised(tx, leaked.signer.kid, leakedAt);
      const history = await keyHistory(tx);
      expect((await verifiedCertificate(beforeLeak, history)).event).toBe("recorded");
      // A record the thief signs after the leak (its iat after the compromise time) is refused.
      const forged = await leaked.signer.sign(RECORD_TYPES.certificate, {
        ...(await verifiedCertificate(beforeLeak, history)),
        iat: Math.ceil(leakedAt.getTime() / 1000) + 1,
      });
      expect(await verifyRecord(forged, history, RECORD_TYPES.certificate)).toMatchObject({
        ok: false,
        problem: "signed-after-compromise",
      });
      // The verifier says when a key was compromised after a record it accepts (backdating is possible).
      expect(await verifyRecord(beforeLeak, history, RECORD_TYPES.certificate)).toMatchObject({
        ok: true,
        keyCompromisedLater: true,
      });
      const farFuture = await leaked.signer.sign(RECORD_TYPES.certificate, { iat: 1e12 });
      expect(await verifyRecord(farFuture, history, RECORD_TYPES.certificate)).toMatchObject({
        ok: false,
        problem: "signed-in-the-future",
      });

      // The Worker signs nothing more with it: a seal or a reinstatement is refused…
      await expect(signCertificate(tx, leaked, code.id, "reinstated", "refuse")).rejects.toThrow(
        "Signing is paused while ValuSeal replaces its signing key",
      );
      // …a new code too, which then leaves nothing behind: no code, no Idempotency-Key.
      const key = crypto.randomUUID();
      const codesBefore = await tx.$count(qrCodes, eq(qrCodes.companyId, owner.user.companyId!));
      const issuing = tx.transaction((savepoint) =>
        issueCode(
          savepoint as unknown as Database,
          leaked,
          new Outbox(),
          {
            issuer: { userId: owner.user.id, companyId: owner.user.companyId! },
            values: createQrCodeSchema.parse(codeInput(valuer.id)),
            request: { userId: owner.user.id, key, input: { key } },
          },
          (issued) => issued,
        ),
      );
      await expect(issuing).rejects.toThrow("Signing is paused while ValuSeal replaces its signing key");
      expect(await tx.$count(qrCodes, eq(qrCodes.companyId, owner.user.companyId!))).toBe(codesBefore);
      expect(await tx.$count(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(0);
      // …but a withdrawal goes ahead unsigned, and the next key signs the code as it then stands.
      await tx.execute(
        sql`UPDATE qr_codes SET revoked_at = now(), revoked_reason = 'Fraud found' WHERE id = ${code.id}`,
      );
      await tx.execute(
        sql`INSERT INTO code_status_events (qr_code_id, action, reason) VALUES (${code.id}, 'revoked', 'Fraud found')`,
      );
      expect(await signCertificate(tx, leaked, code.id, "revoked", "defer")).toBeNull();
      // Until the next key signs it, the file says a newer, unsigned state exists.
      const paused = (await certificateRecordsFor(tx, leaked, code.publicToken))!;
      expect(paused.records).toEqual([issuedRecord]);
      expect(paused.unsignedChange).toMatch(
        /^This code was withdrawn at .* \(Fraud found\), and that change is not signed yet/,
      );
      const next = await signingWith(await anotherSigningKey());
      const { records, unsignedChange } = (await certificateRecordsFor(tx, next, code.publicToken))!;
      expect(unsignedChange).toBeNull();
      expect(records).toHaveLength(2);
      expect(await verifiedCertificate(records[1]!, await keyHistory(tx))).toMatchObject({
        event: "recorded",
        prev: createHash("sha256").update(issuedRecord!).digest("hex"),
        withdrawal: { reason: "Fraud found" },
      });
    });
  });

  it("lets an administrator mark a key compromised, audited; other users cannot", async () => {
    const admin = await createAdminViaDb();
    const key = await anotherSigningKey();
    await withDb((db) =>
      db.execute(
        sql`INSERT INTO signing_keys (kid, public_jwk, started_at, stopped_at) VALUES (${key.kid}, ${JSON.stringify({ kty: "OKP", crv: "Ed25519", x: key.x, kid: key.kid })}::jsonb, '2025-06-01T00:00:00Z', '2025-09-01T00:00:00Z')`,
      ),
    );
    const owner = await registerOwnerViaServices();
    const path = `/api/admin/signing-keys/${key.kid}/compromise`;
    expect((await api(path, { token: owner.token, body: { compromisedAt: "2026-01-01T00:00:00Z" } })).status).toBe(403);
    const future = await api(path, { token: admin.token, body: { compromisedAt: "2999-01-01T00:00:00Z" } });
    expect(future.status).toBe(400);
    expect(future.body.errors).toContain("compromisedAt: The compromise time cannot be in the future");
    const tooEarly = await api(path, { token: admin.token, body: { compromisedAt: "2025-01-01T00:00:00Z" } });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.errors).toEqual([
      "compromisedAt: The key only started signing at 2025-06-01T00:00:00.000Z; give a time after that",
    ]);
    const marked = await api(path, { token: admin.token, body: { compromisedAt: "2026-01-01T00:00:00+03:00" } });
    expect(marked.status).toBe(200);
    // Once marked, the time stands: a second marking is refused, and so is any edit in the database.
    const again = await api(path, { token: admin.token, body: { compromisedAt: "2025-08-01T00:00:00Z" } });
    expect(again.status).toBe(409);
    await expect(
      withDb((db) => db.execute(sql`UPDATE signing_keys SET compromised_at = NULL WHERE kid = ${key.kid}`)),
    ).rejects.toMatchObject({ cause: { message: "a signing key's published details never change" } });
    expect((await jwks()).keys.find((published) => published.kid === key.kid)).toMatchObject({
      compromised_at: "2025-12-31T21:00:00.000Z",
    });
    expect(
      (
        await api("/api/admin/signing-keys/no-such-key/compromise", {
          token: admin.token,
          body: { compromisedAt: "2026-01-01T00:00:00Z" },
        })
      ).status,
    ).toBe(404);
    const audit = await api("/api/admin/audit-log?page=1&pageSize=20", { token: admin.token });
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({
        action: "platform.signing_key_compromised",
        targetType: "signing_key",
        details: { kid: key.kid, compromisedAt: "2025-12-31T21:00:00.000Z" },
      }),
    );
  });

  it("serves the key history as a JWK set anyone may fetch", async () => {
    const owner = await registerOwnerViaServices();
    await createCodeViaApi(owner.token, (await insertValuer(owner.user.companyId!)).id);
    const res = await api("/.well-known/jwks.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jwk-set+json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const signing = await workerSigning();
    expect(res.body.keys).toContainEqual(
      expect.objectContaining({ kid: signing.signer.kid, x: signing.signer.publicJwk.x }),
    );
  });
});
