import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  v1CodeBatchResultSchema,
  v1CodePageSchema,
  v1CodeScansSchema,
  v1CodeWithImageSchema,
  errorBodySchema,
  v1ValuerSchema,
  webhookAttemptPageSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreatedSchema,
} from "#schema/api-v1.ts";
import { API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE } from "#schema/limits/integration.ts";
import { OWNER_PASSWORD } from "../shared/accounts";
import { apiKeys, qrCodes, valuers as valuerRows } from "#schema/tables.ts";
import { changeCredits } from "#worker/services/billing/credits.ts";
import { CODE_BATCH_MAX, codeBatchSchema, createQrCodeSchema } from "#schema/validation/qr-codes.ts";
import { type Account, companyIdOf, registerOwnerViaServices, startSessionViaServices } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb } from "./fixtures/admins";
import { codeInput, insertCode } from "./fixtures/codes";
import { setCompanyActiveInDb } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { createValuSealClient } from "../../client";
import { RECENT_VALUATION } from "../shared/dates";
import { api, callWorker, inOneRateLimitWindow, ORIGIN, randomIp, unique } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { waitForEmail } from "../shared/inbox";
import { addMemberViaServices } from "./fixtures/team";
import { insertValuer } from "./fixtures/valuers";

const ALL_SCOPES = ["codes:read", "codes:write", "codes:revoke", "scans:read"];

/** A key made through Settings' route by the owner; the answer's key and summary. */
async function makeKey(owner: Account, body: Record<string, unknown> = {}) {
  const res = await api("/api/api-keys", {
    token: owner.token,
    body: {
      name: unique("Valuation desk"),
      scopes: ALL_SCOPES,
      lifetime: "90",
      currentPassword: OWNER_PASSWORD,
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { key: string; apiKey: { id: string; lastFour: string; scopes: string[]; expiresAt: string } };
}

/** A request to the integration API with a key. */
const v1 = (
  key: string,
  path: string,
  options: { method?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
) => api(`/api/v1${path}`, { ...options, headers: { Authorization: `Bearer ${key}`, ...options.headers } });

/** The machine code of each status the API answers with one code only. */
const CODE_OF: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  429: "rate_limited",
};

/** Every error answer has the documented shape, and its status's machine code. */
function expectError(res: { status: number; body: unknown }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = errorBodySchema.parse(res.body);
  if (CODE_OF[status]) expect(body.code).toBe(CODE_OF[status]);
  if (message) expect(body.message).toMatch(message);
}

describe("API keys (Settings → API keys)", () => {
  it("are made by the owner, shown once as vsk_live_…, stored only as a hash, listed with their last use, and audited", async () => {
    const owner = await registerOwnerViaServices();
    const { key, apiKey } = await makeKey(owner, { name: "Reports desk", scopes: ["codes:read"], lifetime: "30" });
    expect(key).toMatch(/^vsk_live_[A-Za-z0-9]{32}$/);
    expect(apiKey.lastFour).toBe(key.slice(-4));
    expect(new Date(apiKey.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);

    // Never stored in clear: the row holds its SHA-256 only.
    const [row] = await withDb((db) => db.select().from(apiKeys).where(eq(apiKeys.publicId, apiKey.id)));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(API_KEY_PREFIX.length, -4));

    const list = await api("/api/api-keys", { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: apiKey.id,
        name: "Reports desk",
        scopes: ["codes:read"],
        lastUsedAt: null,
        revokedAt: null,
        createdBy: owner.email,
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key);

    expect((await v1(key, "/codes")).status).toBe(200);
    // The last use is written once the answer has gone (waitUntil), so the list shows it a moment later.
    await expect
      .poll(async () => (await api("/api/api-keys", { token: owner.token })).body[0].lastUsedAt, { timeout: 30_000 })
      .not.toBeNull();

    const audit = await auditEntriesFor("company", [companyIdOf(owner)]);
    expect(audit.map((entry) => entry.action)).toContain("company.api_key_created");
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it("refuses a key without a name or a permission, in the form's words", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/api-keys", { token: owner.token, body: { name: " ", scopes: [], lifetime: "7" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      "name: Name the key after what will use it",
      "scopes: Choose at least one permission",
      "lifetime: Choose when the key expires",
      "currentPassword: Current password is required",
    ]);
    const wrongPassword = await api("/api/api-keys", {
      token: owner.token,
      body: { name: "Desk", scopes: ["codes:read"], lifetime: "30", currentPassword: "not the password" },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual(["currentPassword: Current password is incorrect"]);
    expect((await api("/api/api-keys", { token: owner.token })).body).toEqual([]);
  });

  it("are the owner's alone: a member can neither list nor make them", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    expect((await api("/api/api-keys", { token: member.token })).status).toBe(403);
    const made = await api("/api/api-keys", {
      token: member.token,
      body: { name: "Mine", scopes: ["codes:read"], lifetime: "never", currentPassword: OWNER_PASSWORD },
    });
    expect(made.status).toBe(403);
    expect(made.body.message).toBe("Only the company owner can manage API keys");
  });

  it("stop working at once when revoked, and revoking is audited", async () => {
    const owner = await registerOwnerViaServices();
    const { key, apiKey } = await makeKey(owner);
    expect((await v1(key, "/codes")).status).toBe(200);
    const revoked = await api(`/api/api-keys/${apiKey.id}`, { method: "DELETE", token: owner.token });
    expect(revoked.status).toBe(200);
    expectError(await v1(key, "/codes"), 401, /not valid/);
    const [listed] = (await api("/api/api-keys", { token: owner.token })).body;
    expect(listed.revokedAt).not.toBeNull();
    const audit = await auditEntriesFor("company", [companyIdOf(owner)]);
    expect(audit.map((entry) => entry.action)).toContain("company.api_key_revoked");
    // Another company's owner cannot revoke it (it looks missing).
    const stranger = await registerOwnerViaServices();
    const other = await makeKey(owner);
    expect((await api(`/api/api-keys/${other.apiKey.id}`, { method: "DELETE", token: stranger.token })).status).toBe(
      404,
    );
    expect((await v1(other.key, "/codes")).status).toBe(200);
  });

  it("stop working once expired, or once their owner no longer owns or can sign in", async () => {
    const owner = await registerOwnerViaServices();
    const { key, apiKey } = await makeKey(owner);
    await withDb((db) =>
      db.execute(sql`update ${apiKeys} set expires_at = now() - interval '1 second' where public_id = ${apiKey.id}`),
    );
    expectError(await v1(key, "/codes"), 401);

    const second = await makeKey(owner);
    await withDb((db) => db.execute(sql`update users set is_active = false where id = ${owner.user.id}`));
    expectError(await v1(second.key, "/codes"), 401);
  });

  it("are told to the owner by email, since a key outlives sessions and password changes", async () => {
    const owner = await registerOwnerViaServices();
    await makeKey(owner, { name: "Night batch", scopes: ["codes:write"], lifetime: "never" });
    const email = await waitForEmail(owner.email, `ValuSeal: a new API key for ${owner.user.company!.name}`);
    expect(email.text).toContain('An API key named "Night batch" was made');
    expect(email.text).toContain("It may: codes:write. It does not expire.");
    expect(email.text).toContain("If you did not make this key, revoke it now");
  });

  it("end when an administrator deactivates their owner or sets the owner's password", async () => {
    const admin = await createAdminViaDb();
    const owner = await registerOwnerViaServices();
    const { key } = await makeKey(owner);
    const reset = await api(`/api/admin/companies/${companyIdOf(owner)}/reset-password`, {
      method: "PATCH",
      token: admin.token,
      body: { password: "a fresh passphrase for the owner 2026" },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expectError(await v1(key, "/codes"), 401);

    const other = await registerOwnerViaServices();
    const second = await makeKey(other);
    const patch = (isActive: boolean) =>
      api(`/api/admin/users/${other.user.id}/status`, { method: "PATCH", token: admin.token, body: { isActive } });
    expect((await patch(false)).status).toBe(200);
    expect((await patch(true)).status).toBe(200);
    // Reactivating the account does not bring the key back.
    expectError(await v1(second.key, "/codes"), 401);
    const [listed] = (await api("/api/api-keys", { token: await startSessionViaServices(other.user.id) })).body;
    expect(listed.revokedAt).not.toBeNull();
  });

  it("refuse anything that is not a well-formed key with the one message", async () => {
    for (const credential of ["vsk_live_short", `vsk_live_${"a".repeat(31)}!`, `vsk_live_${"a".repeat(33)}`]) {
      expectError(await v1(credential, "/codes"), 401, /not valid/);
    }
  });

  it("never reach the session routes: the admin screens and the app's own routes refuse them", async () => {
    const owner = await registerOwnerViaServices();
    const { key } = await makeKey(owner);
    for (const path of ["/api/admin/stats", "/api/admin/users", "/api/qr-codes", "/api/auth/user", "/api/api-keys"]) {
      expect((await api(path, { token: key })).status, path).toBe(401);
    }
    // An administrator's session token is not an API key either.
    const admin = await createAdminViaDb();
    expectError(await v1(admin.token, "/codes"), 401, /Send an API key/);
    expectError(await api("/api/v1/codes"), 401, /Send an API key/);
  });
});

describe("the integration API (/api/v1)", () => {
  async function firmWithKey(scopes = ALL_SCOPES) {
    const owner = await registerOwnerViaServices();
    const valuer = await insertValuer(companyIdOf(owner));
    const { key } = await makeKey(owner, { scopes });
    return { owner, valuer, key };
  }

  it("issues a code signed by an active valuer, replays it for the same Idempotency-Key, and reads it back", async () => {
    const { owner, valuer, key } = await firmWithKey();
    const valuers = await v1(key, "/valuers");
    expect(valuers.status).toBe(200);
    expect(v1ValuerSchema.array().parse(valuers.body)).toEqual([
      { id: valuer.id, name: "Jane Wanjiku", qualification: "MRICS", registrationNumber: null },
    ]);

    const idempotencyKey = crypto.randomUUID();
    const input = codeInput(valuer.id, { addressee: "Equity Bank Kenya", purpose: "Secured lending" });
    const created = await v1(key, "/codes", { body: input, headers: { "Idempotency-Key": idempotencyKey } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const code = v1CodeWithImageSchema.parse(created.body);
    expect(code).toMatchObject({
      status: "valid",
      issuerTrust: "not-verified",
      issuerName: owner.user.company!.name,
      valuer: { name: "Jane Wanjiku", qualification: "MRICS" },
      marketValue: "45000000.00",
      currency: "KES",
      addressee: "Equity Bank Kenya",
      scanCount: 0,
      supersededBy: null,
    });
    expect(code.url).toBe(`http://valuseal.test/v/${code.id}`);
    expect(code.qrCodeSvg).toMatch(/^<svg/);

    const again = await v1(key, "/codes", { body: input, headers: { "Idempotency-Key": idempotencyKey } });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(code.id);

    const read = await v1(key, `/codes/${code.id}`);
    expect(v1CodeWithImageSchema.parse(read.body)).toEqual(code);
    // The certificate anyone scans is the same code.
    expect((await scanLikePhone(code.id)).status).toBe(200);
    const page = v1CodePageSchema.parse((await v1(key, "/codes?status=valid&pageSize=5")).body);
    expect(page).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(page.items[0]).toMatchObject({ id: code.id, scanCount: 1 });
  });

  it("refuses an invalid code with the form's messages, and a valuer of another firm", async () => {
    const { key } = await firmWithKey();
    const stranger = await registerOwnerViaServices();
    const theirValuer = await insertValuer(companyIdOf(stranger));
    const invalid = await v1(key, "/codes", { body: { propertyType: "Real Estate", marketValue: -5 } });
    expectError(invalid, 400, /Validation failed/);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        "marketValue: Market value must be greater than 0",
        "valuationDate: Valuation date is required",
      ]),
    );
    const misspelt = await v1(key, "/codes", { body: { ...codeInput(theirValuer.id), adressee: "Equity Bank" } });
    expectError(misspelt, 400);
    expect(misspelt.body.errors).toEqual(['Unrecognized key: "adressee"']);
    const foreign = await v1(key, "/codes", { body: codeInput(theirValuer.id) });
    expectError(foreign, 400);
    expect(foreign.body.errors).toEqual(["valuerId: Choose an active valuer of your company"]);
  });

  it("issues a batch once: sent again it answers the same codes, and a single create with a taken reference is refused with its code", async () => {
    const { owner, valuer, key } = await firmWithKey();
    const references = [unique("JOB-"), unique("JOB-"), unique("JOB-")];
    const batch = {
      codes: [
        codeInput(valuer.id, { externalReference: references[0], addressee: "Equity Bank Kenya" }),
        codeInput(valuer.id, {
          externalReference: references[1],
          propertyType: "Motor Vehicle",
          propertyAddress: undefined,
          propertyReference: "KDA 123A",
          marketValue: "2400000",
        }),
        codeInput(valuer.id, { externalReference: references[2], propertyType: "Other", marketValue: 150000 }),
      ],
    };
    const first = await v1(key, "/codes/batch", { body: batch });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { results } = v1CodeBatchResultSchema.parse(first.body);
    expect(results.map((result) => [result.externalReference, result.status])).toEqual(
      references.map((reference) => [reference, "created"]),
    );
    expect(results.map((result) => result.code.externalReference)).toEqual(references);
    expect(results[0]!.code).toMatchObject({
      addressee: "Equity Bank Kenya",
      marketValue: "45000000.00",
      status: "valid",
    });
    expect(results[1]!.code).toMatchObject({ propertyType: "Motor Vehicle", propertyReference: "KDA 123A" });
    expect(new Set(results.map((result) => result.code.verificationCode)).size).toBe(3);
    // Each is a code like any other: it scans, and carries its signed record.
    expect((await scanLikePhone(results[2]!.code.id)).status).toBe(200);

    const again = await v1(key, "/codes/batch", { body: batch });
    expect(again.status).toBe(200);
    expect(v1CodeBatchResultSchema.parse(again.body).results.map((result) => [result.status, result.code.id])).toEqual(
      results.map((result) => ["existing", result.code.id]),
    );
    const stored = await withDb((db) =>
      db
        .select({ id: qrCodes.id })
        .from(qrCodes)
        .where(eq(qrCodes.companyId, companyIdOf(owner))),
    );
    expect(stored).toHaveLength(3);
    const records = await withDb((db) =>
      db.execute(
        sql`SELECT count(*)::int AS n FROM transparency_log WHERE subject IN (${sql.join(
          results.map((result) => sql`${result.code.id}`),
          sql`, `,
        )})`,
      ),
    );
    expect(records.rows[0]).toEqual({ n: 3 });

    // One at a time, the same reference is refused, and the answer says where its code is.
    const single = await v1(key, "/codes", { body: codeInput(valuer.id, { externalReference: references[0] }) });
    expectError(single, 409, /already issued for this reference/);
    expect(single.body.errors).toEqual([
      `externalReference: A code was already issued for this reference (${results[0]!.code.verificationCode})`,
    ]);
    expect(single.headers.get("Location")).toBe(`/api/v1/codes/${results[0]!.code.id}`);
    // Programs branch on the code, not on the words.
    expect(single.body.code).toBe("reference_taken");
    const fromApp = await api("/api/qr-codes", {
      token: owner.token,
      body: codeInput(valuer.id, { externalReference: references[1] }),
    });
    expectError(fromApp, 409, /already issued for this reference/);
    // Still answered after the signing valuer left: only rows still to issue need a valuer who can sign.
    await withDb((db) => db.update(valuerRows).set({ isActive: false }).where(eq(valuerRows.id, valuer.id)));
    const afterLeaving = await v1(key, "/codes/batch", { body: batch });
    expect(afterLeaving.status, JSON.stringify(afterLeaving.body)).toBe(200);
    expect(v1CodeBatchResultSchema.parse(afterLeaving.body).results.map((result) => result.status)).toEqual([
      "existing",
      "existing",
      "existing",
    ]);
    // A corrected row under a used reference is a new report: refused with the fields that differ,
    // never answered with the old code. A look-alike of the reference (full-width) is the same one.
    const corrected = {
      codes: [
        batch.codes[0],
        { ...batch.codes[2], externalReference: references[2]!.replace("JOB-", "ＪＯＢ-"), marketValue: 175000 },
      ],
    };
    const refused = await v1(key, "/codes/batch", { body: corrected });
    expectError(refused, 409, /other details/);
    expect(refused.body).toMatchObject({
      code: "reference_taken",
      errors: [
        "codes.1.externalReference: A code was already issued for this reference with other details; give the new report its own reference (marketValue)",
      ],
    });
    expect(await withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, companyIdOf(owner))))).toBe(3);
  });

  it("issues nothing from a batch with a wrong row, and names each wrong row by its index", async () => {
    const { owner, valuer, key } = await firmWithKey();
    const repeated = unique("JOB-");
    const invalid = await v1(key, "/codes/batch", {
      body: {
        codes: [
          codeInput(valuer.id, { externalReference: repeated }),
          codeInput(valuer.id, { externalReference: unique("JOB-"), marketValue: undefined }),
          codeInput(valuer.id),
          codeInput(valuer.id, { externalReference: repeated }),
        ],
      },
    });
    expectError(invalid, 400, /Validation failed/);
    expect(invalid.body.errors).toEqual([
      "codes.1.marketValue: Market value is required",
      "codes.2.externalReference: Your reference is required for each row of a batch",
    ]);
    const twice = await v1(key, "/codes/batch", {
      body: {
        codes: [
          codeInput(valuer.id, { externalReference: repeated }),
          codeInput(valuer.id, { externalReference: repeated }),
        ],
      },
    });
    expectError(twice, 400);
    expect(twice.body.errors).toEqual([
      "codes.1.externalReference: This reference appears more than once in the batch",
    ]);
    const theirValuer = await insertValuer(companyIdOf(await registerOwnerViaServices()));
    const foreign = await v1(key, "/codes/batch", {
      body: {
        codes: [
          codeInput(valuer.id, { externalReference: unique("JOB-") }),
          codeInput(theirValuer.id, { externalReference: unique("JOB-") }),
        ],
      },
    });
    expectError(foreign, 400);
    expect(foreign.body.errors).toEqual(["codes.1.valuerId: Choose an active valuer of your company"]);
    const tooMany = await v1(key, "/codes/batch", {
      body: {
        codes: Array.from({ length: CODE_BATCH_MAX + 1 }, (_, index) =>
          codeInput(valuer.id, { externalReference: `JOB-${index}` }),
        ),
      },
    });
    expectError(tooMany, 400);
    expect(tooMany.body.errors).toEqual([`codes: At most ${CODE_BATCH_MAX} codes at once`]);
    expectError(await v1(key, "/codes/batch", { body: { codes: [] } }), 400);
    // A batch may be larger than any other request (500 codes), up to 1 MB.
    const oversized = await v1(key, "/codes/batch", {
      body: { codes: [codeInput(valuer.id, { externalReference: "JOB-1", propertyArea: "x".repeat(1024 * 1024) })] },
    });
    expectError(oversized, 413);
    expect(oversized.body.message).toBe("Request body is too large (limit 1024 KB)");
    const stored = await withDb((db) =>
      db
        .select({ id: qrCodes.id })
        .from(qrCodes)
        .where(eq(qrCodes.companyId, companyIdOf(owner))),
    );
    expect(stored).toEqual([]);
    // Issuing needs codes:write.
    const { key: reader } = await makeKey(owner, { scopes: ["codes:read"] });
    expectError(
      await v1(reader, "/codes/batch", {
        body: { codes: [codeInput(valuer.id, { externalReference: unique("JOB-") })] },
      }),
      403,
    );
  });

  it("issues each reference once when the same batch is sent twice at the same moment", async () => {
    const { owner, valuer, key } = await firmWithKey();
    const batch = {
      codes: Array.from({ length: 5 }, () => codeInput(valuer.id, { externalReference: unique("JOB-") })),
    };
    const answers = await Promise.all([
      v1(key, "/codes/batch", { body: batch }),
      v1(key, "/codes/batch", { body: batch }),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [first, second] = answers.map((answer) => v1CodeBatchResultSchema.parse(answer.body).results);
    // Row by row, both answers name the one code; one of them created it.
    first!.forEach((row, index) => {
      expect(second![index]!.code.id).toBe(row.code.id);
      expect([row.status, second![index]!.status].sort()).toEqual(["created", "existing"]);
    });
    const stored = await withDb((db) =>
      db
        .select({ id: qrCodes.id })
        .from(qrCodes)
        .where(eq(qrCodes.companyId, companyIdOf(owner))),
    );
    expect(stored).toHaveLength(5);
  });

  it("answers both of two batches naming the same references in opposite orders, and single creates racing them", async () => {
    const { owner, valuer, key } = await firmWithKey();
    const rows = Array.from({ length: 6 }, () => codeInput(valuer.id, { externalReference: unique("JOB-") }));
    const answers = await Promise.all([
      v1(key, "/codes/batch", { body: { codes: rows } }),
      v1(key, "/codes/batch", { body: { codes: [...rows].reverse() } }),
      v1(key, "/codes", { body: rows[3] }),
      // Codes naming no reference take no reference lock, but still the company's row before the log's head.
      ...Array.from({ length: 3 }, () => v1(key, "/codes", { body: codeInput(valuer.id) })),
    ]);
    // Never a deadlock (503): the later issue waits for the earlier, then finds its codes.
    expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(200);
    expect(answers[1]!.status, JSON.stringify(answers[1]!.body)).toBe(200);
    expect([201, 409]).toContain(answers[2]!.status);
    expect(answers.slice(3).map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(await withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, companyIdOf(owner))))).toBe(9);
  });

  it("is driven by the typed client generated from its document (client/)", async () => {
    const { valuer, key } = await firmWithKey();
    const valuseal = createValuSealClient({
      origin: ORIGIN,
      apiKey: key,
      fetch: (input) => {
        const request = new Request(input);
        request.headers.set("CF-Connecting-IP", randomIp());
        return callWorker(request);
      },
    });
    const signers = await valuseal.GET("/valuers");
    expect(signers.data?.map((signer) => signer.id)).toEqual([valuer.id]);
    const body = {
      propertyType: "Real Estate" as const,
      propertyAddress: "Plot 3, Kiambu Road, Nairobi",
      marketValue: "18500000",
      currency: "KES" as const,
      valuationDate: RECENT_VALUATION.iso,
      valuerId: valuer.id,
      externalReference: unique("JOB-"),
    };
    const created = await valuseal.POST("/codes", {
      body,
      params: { header: { "idempotency-key": crypto.randomUUID() } },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ marketValue: "18500000.00", externalReference: body.externalReference });
    const read = await valuseal.GET("/codes/{id}", { params: { path: { id: created.data!.id } } });
    expect(read.data?.verificationCode).toBe(created.data!.verificationCode);
    // A repeat of the reference is an error the client types too.
    const repeated = await valuseal.POST("/codes", { body });
    expect(repeated.response.status).toBe(409);
    expect(repeated.error?.errors).toEqual([
      `externalReference: A code was already issued for this reference (${created.data!.verificationCode})`,
    ]);
    const batch = await valuseal.POST("/codes/batch", { body: { codes: [body] } });
    expect(batch.data?.results.map((result) => [result.status, result.code.id])).toEqual([
      ["existing", created.data!.id],
    ]);
  });

  it("revokes a code with the code that replaces it, and shows the scans of a code", async () => {
    const { owner, key } = await firmWithKey();
    const old = await insertCode(owner);
    const replacement = await insertCode(owner);
    await scanLikePhone(old.publicToken);

    const scans = await v1(key, `/codes/${old.publicToken}/scans`);
    expect(scans.status).toBe(200);
    const parsed = v1CodeScansSchema.parse(scans.body);
    expect(parsed.scans).toHaveLength(1);
    expect(parsed.uniqueScanners).toBe(1);

    // The replacement must be another code of the firm, named in the API's own field.
    const stranger = await insertCode(await registerOwnerViaServices());
    for (const supersededBy of [stranger.publicToken, old.publicToken, "not-a-code"]) {
      const refused = await v1(key, `/codes/${old.publicToken}/revoke`, { body: { reason: "Replaced", supersededBy } });
      expectError(refused, 400, /Validation failed/);
      expect(refused.body.errors, supersededBy).toEqual([
        supersededBy === old.publicToken
          ? "supersededBy: A code cannot replace itself"
          : "supersededBy: Choose another code of your company",
      ]);
    }
    const revoked = await v1(key, `/codes/${old.publicToken}/revoke`, {
      body: { reason: "Replaced after a corrected land size", supersededBy: replacement.publicToken },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(v1CodeWithImageSchema.parse(revoked.body)).toMatchObject({
      status: "superseded",
      revokedReason: "Replaced after a corrected land size",
      supersededBy: replacement.publicToken,
    });
    expectError(
      await v1(key, `/codes/${old.publicToken}/revoke`, { body: { reason: "Again" } }),
      409,
      /already revoked/,
    );
    expectError(await v1(key, `/codes/${old.publicToken}/revoke`, { body: {} }), 400);
  });

  it("answers each route only with the permission it needs, and only for the key's own company", async () => {
    const { owner, key: readOnly } = await firmWithKey(["codes:read"]);
    const code = await insertCode(owner);
    expect((await v1(readOnly, `/codes/${code.publicToken}`)).status).toBe(200);
    expectError(await v1(readOnly, "/valuers"), 403, /codes:write/);
    expectError(await v1(readOnly, "/codes", { body: codeInput(1) }), 403, /codes:write/);
    expectError(
      await v1(readOnly, `/codes/${code.publicToken}/revoke`, { body: { reason: "x" } }),
      403,
      /codes:revoke/,
    );
    expectError(await v1(readOnly, `/codes/${code.publicToken}/scans`), 403, /scans:read/);

    // Another company's key finds none of this company's codes.
    const other = await firmWithKey();
    for (const path of [`/codes/${code.publicToken}`, `/codes/${code.publicToken}/scans`]) {
      expectError(await v1(other.key, path), 404, /not found/);
    }
    expectError(await v1(other.key, `/codes/${code.publicToken}/revoke`, { body: { reason: "Not ours" } }), 404);
    const theirList = v1CodePageSchema.parse((await v1(other.key, "/codes")).body);
    expect(theirList.items.map((item) => item.id)).not.toContain(code.publicToken);
  });

  it("manages webhook endpoints with webhooks:manage, and only the key's own company's", async () => {
    const { owner, key } = await firmWithKey(["webhooks:manage"]);
    const added = await v1(key, "/webhooks", {
      body: { url: "https://hooks.example.com/loans", description: "Loan system", eventTypes: ["code.revoked"] },
    });
    expect(added.status).toBe(201);
    const endpoint = webhookEndpointCreatedSchema.parse(added.body);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(webhookEndpointAnswerSchema.array().parse((await v1(key, "/webhooks")).body)).toHaveLength(1);
    const changed = await v1(key, `/webhooks/${endpoint.id}`, { method: "PATCH", body: { enabled: false } });
    expect(webhookEndpointAnswerSchema.parse(changed.body)).toMatchObject({ enabled: false, disabledReason: "owner" });
    expect(webhookEndpointAnswerSchema.parse((await v1(key, `/webhooks/${endpoint.id}`)).body).enabled).toBe(false);
    const log = webhookAttemptPageSchema.parse((await v1(key, `/webhooks/${endpoint.id}/attempts?pageSize=5`)).body);
    expect(log).toEqual({ items: [], page: 1, pageSize: 5, total: 0 });
    expectError(await v1(key, `/webhooks/${endpoint.id}/deliveries/msg_none/resend`, { method: "POST" }), 404);
    expectError(await v1(key, "/webhooks", { body: { url: "https://hooks.example.com/x", eventTypes: [] } }), 400);
    // The owner sees what the key did, in the same list and the audit log.
    expect((await api("/api/webhooks", { token: owner.token })).body).toHaveLength(1);
    expect((await auditEntriesFor("company", [companyIdOf(owner)])).map((entry) => entry.action)).toContain(
      "company.webhook_added",
    );

    const other = await firmWithKey(["webhooks:manage"]);
    expectError(await v1(other.key, `/webhooks/${endpoint.id}`), 404, /not found/);
    expectError(await v1(other.key, `/webhooks/${endpoint.id}`, { method: "DELETE" }), 404);
    const codesOnly = await firmWithKey(["codes:read"]);
    expectError(await v1(codesOnly.key, "/webhooks"), 403, /webhooks:manage/);

    expect((await v1(key, `/webhooks/${endpoint.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await v1(key, "/webhooks")).body).toEqual([]);
  });

  it("announces each key's budget, and past it answers 429 with RateLimit-Remaining, RateLimit-Reset and Retry-After", async () => {
    const owner = await registerOwnerViaServices();
    // The flood takes a few seconds: it waits for a new window only when less than 15 s are left.
    const answers = await inOneRateLimitWindow(15_000, async () => {
      // A new key and network each try: a try that crossed a minute has spent the earlier ones.
      const { key } = await makeKey(owner, { scopes: ["codes:write"] });
      const ip = randomIp();
      const sent: Awaited<ReturnType<typeof v1>>[] = [];
      for (let start = 0; start <= API_KEY_REQUESTS_PER_MINUTE; start += 20) {
        const size = Math.min(20, API_KEY_REQUESTS_PER_MINUTE + 1 - start);
        sent.push(...(await Promise.all(Array.from({ length: size }, () => v1(key, "/valuers", { ip })))));
      }
      return sent;
    });
    const within = answers.slice(0, API_KEY_REQUESTS_PER_MINUTE);
    expect(within.map((res) => res.status)).toEqual(within.map(() => 200));
    for (const res of [within[0]!, within.at(-1)!]) {
      expect(res.headers.get("RateLimit-Limit")).toBe(String(API_KEY_REQUESTS_PER_MINUTE));
      expect(res.headers.get("RateLimit-Policy")).toBe(`${API_KEY_REQUESTS_PER_MINUTE};w=60`);
    }
    const refused = answers.at(-1)!;
    expectError(refused, 429, /300 requests in the past minute/);
    expect(
      Object.fromEntries(
        ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"].map((name) => [
          name,
          refused.headers.get(name),
        ]),
      ),
    ).toEqual({
      "RateLimit-Limit": "300",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "60",
      "Retry-After": "60",
    });
  }, 120_000);

  it("lets a deactivated company read and revoke, but not issue", async () => {
    const { owner, valuer, key } = await firmWithKey();
    const code = await insertCode(owner);
    await setCompanyActiveInDb(companyIdOf(owner), false);
    expect((await v1(key, "/codes")).status).toBe(200);
    expectError(await v1(key, "/codes", { body: codeInput(valuer.id) }), 403, /deactivated/);
    expect((await v1(key, `/codes/${code.publicToken}/revoke`, { body: { reason: "Withdrawn" } })).status).toBe(200);
  });

  it("publishes its OpenAPI 3.1 document with every route, its key scheme and examples", async () => {
    const res = await api("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "http://valuseal.test/api/v1" }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/billing/balance",
      "/codes",
      "/codes/batch",
      "/codes/{id}",
      "/codes/{id}/revoke",
      "/codes/{id}/scans",
      "/exports/codes.csv",
      "/exports/scans.csv",
      "/reliances",
      "/reliances/check",
      "/valuers",
      "/watches",
      "/webhooks",
      "/webhooks/{id}",
      "/webhooks/{id}/attempts",
      "/webhooks/{id}/deliveries/{eventId}/resend",
      "/webhooks/{id}/secret",
      "/webhooks/{id}/test",
    ]);
    for (const [path, operations] of Object.entries<Record<string, { security: unknown; responses: object }>>(
      doc.paths,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.security, `${method} ${path}`).toEqual([{ apiKey: [] }]);
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403"]));
      }
    }
    expect(doc.components.schemas.Code.properties.verificationCode.example).toBe("VS-7K3M-9Q2P-4H");
    // The request examples are valid requests.
    const example = doc.paths["/codes"].post.requestBody.content["application/json"].example;
    expect(createQrCodeSchema.safeParse(example).success).toBe(true);
    const batchExample = doc.paths["/codes/batch"].post.requestBody.content["application/json"].example;
    expect(codeBatchSchema.safeParse(batchExample).success).toBe(true);
    expect(doc.components.schemas.Error.required).toEqual(["code", "message"]);
  });
});

describe("the integration API's credits", () => {
  it("reads the balance and answers 402 the same way as the screens when it is spent", async () => {
    const owner = await registerOwnerViaServices();
    const companyId = companyIdOf(owner);
    const valuer = await insertValuer(companyId);
    const { key } = await makeKey(owner, { scopes: ["codes:write"] });
    const balance = await v1(key, "/billing/balance");
    expect(balance.status).toBe(200);
    const start = (balance.body as { balance: number }).balance;
    await withDb((db) =>
      changeCredits(db, {
        companyId,
        kind: "reversal",
        credits: -start,
        idempotencyKey: unique("spend-all"),
        reason: "Spent",
      }),
    );
    expect((await v1(key, "/billing/balance")).body).toEqual({ balance: 0 });
    const refused = await v1(key, "/codes", { method: "POST", body: codeInput(valuer.id) });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: "payment_required",
      message: "Buy code credits to generate a code",
      errors: ["credits: You have 0 credits", `billing: Buy credits at ${ORIGIN}/billing`],
    });
    const readOnly = await makeKey(owner, { scopes: ["codes:read"] });
    expect((await v1(readOnly.key, "/billing/balance")).status).toBe(403);
  });
});
