import { and, eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import {
  apiKeys,
  billingDetails,
  paymentEvents,
  purchases,
  codeStatusEvents,
  companies,
  dataRequests,
  invites,
  qrCodes,
  users,
  valuers,
  webhookEndpoints,
} from "#schema/tables.ts";
import { WEBHOOK_EVENT_TYPES } from "#schema/limits/integration.ts";
import { createApiKeySchema } from "#schema/validation/api-keys.ts";
import { activeStatusSchema, adminListQuerySchema, bulkUserStatusSchema } from "#schema/validation/admin.ts";
import { loginSchema, registerSchema } from "#schema/validation/auth.ts";
import { reinstateCodeSchema, revokeCodeSchema } from "#schema/validation/code-status.ts";
import { billingDetailsSchema, mpesaPurchaseRequestSchema, purchaseRequestSchema } from "#schema/validation/billing.ts";
import { companyDetailsSchema } from "#schema/validation/companies.ts";
import { demoQrSchema } from "#schema/validation/demo.ts";
import { changePasswordSchema, profileSchema } from "#schema/validation/profile.ts";
import { createQrCodeSchema, qrCodeListQuerySchema, strictCreateQrCodeSchema } from "#schema/validation/qr-codes.ts";
import { acceptInviteSchema, inviteSchema } from "#schema/validation/team.ts";
import { valuerSchema } from "#schema/validation/valuers.ts";
import { logEntriesQuerySchema } from "#schema/validation/transparency.ts";
import {
  accountDeletionSchema,
  dataRequestUpdateSchema,
  newDataRequestSchema,
  organisationClosureSchema,
} from "#schema/validation/privacy.ts";
import { webhookEndpointSchema } from "#schema/validation/webhook.ts";
import type { Database } from "#worker/db.ts";
import { OWNER_PASSWORD } from "../shared/accounts";
import { type Account, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { codeInput, insertCode } from "./fixtures/codes";
import { createCompanyWithMember } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { api, fetchWorker, ORIGIN, unique } from "./fixtures/http";
import { inviteMemberViaServices } from "./fixtures/team";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * Whatever a client sends, the API answers 4xx with { message } (or accepts it and stores
 * exactly what the shared schema made of it), never 500, and leaves nothing half-written.
 * Each property runs a bounded number of generated requests; fast-check prints the seed and the
 * shrunk input of any failure.
 */

const RUNS = 25;
/** Runs for read-only routes (queries, path ids), which only need to never fail. */
const READ_RUNS = 20;
/** Runs for routes whose accepted bodies cost a password hash (about 100 ms of CPU each). */
const HASHING_RUNS = 15;

// ---------------------------------------------------------------------------------------------
// Hostile values

const overCap = fc.constantFrom(
  "x".repeat(101), // names (100)
  "y".repeat(256), // emails, company names, locations (255)
  "z".repeat(501), // addresses, reasons (500)
  "w".repeat(1001), // descriptions (1000)
  "é".repeat(300),
  "😀".repeat(200),
  `${"a".repeat(250)}@example.com`,
);
const sqlFragment = fc.constantFrom(
  "'; DROP TABLE users; --",
  "1 OR 1=1",
  `" OR ""="`,
  "') UNION SELECT password FROM users --",
  "%_\\",
  "$1::text",
  "1; SELECT pg_sleep(10)",
);
const htmlFragment = fc.constantFrom(
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  `"><svg onload=alert(1)>`,
  "<b>bold</b> & <i>co</i>",
  "&lt;already escaped&gt;",
  "javascript:alert(1)",
);
/** Text Postgres cannot store as sent: NUL, and UTF-16 halves that are not a pair. */
const unstorableText = fc.constantFrom("nul\u0000inside", "\u0000", "lone \ud800 surrogate", "\udc00tail");
const unicodeText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("Zoë Ñúñez", "محمد", "名前", "👩🏽‍⚖️", "\u202eevil", "a\u0301", "\r\n\t", " "),
);
const money = fc.constantFrom(
  -1,
  -0.01,
  0,
  0.001,
  // 16 integer digits (numeric(15,2) holds 13), as a JSON number and as text.
  1e16,
  1234567890123456,
  "9999999999999999",
  // The largest value that fits, and a negative one.
  "9999999999999.99",
  "-45000",
  "1e5",
  "45,000,000.005",
  1e308,
  "Infinity",
  "NaN",
);
const impossibleDate = fc.constantFrom(
  "31/02/2025",
  "29/02/2023",
  "00/01/2025",
  "32/12/2025",
  "15/13/2025",
  "2025-02-30",
  "2025-13-01T00:00:00Z",
  "1/1/2025",
  "99/99/9999",
  "15/01/1899",
  "15/01/2101",
);
const wrongType = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
/** Ids that can never name another test's row: invalid, or beyond every serial in use. */
const foreignId = fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 53, 1e300, 2_147_483_000, "1", "abc", null, true);

const hostileValue = fc.oneof(
  overCap,
  sqlFragment,
  htmlFragment,
  unstorableText,
  unicodeText,
  money,
  impossibleDate,
  wrongType,
  foreignId,
);

const fieldName = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "role", "companyId", "userId", "id", "isActive", "verificationCount"),
  fc.string({ maxLength: 12 }),
);

/**
 * A change to a valid body: fields replaced by hostile values, fields dropped, fields added; or a
 * JSON value that is not an object at all.
 */
type BodyPlan =
  { whole: unknown } | { replace: Record<string, unknown>; drop: string[]; extra: Record<string, unknown> };

function bodyPlan(keys: string[], overrides: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<BodyPlan> {
  const valueFor = (key: string) => (overrides[key] ? fc.oneof(overrides[key], hostileValue) : hostileValue);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        // A few fields at a time, so bodies the schema accepts (nasty but legal text) come up often too.
        replace: fc
          .subarray(keys, { maxLength: Math.min(3, keys.length) })
          .chain((chosen) => fc.record(Object.fromEntries(chosen.map((key) => [key, valueFor(key)])))),
        drop: fc.subarray(keys, { maxLength: 1 }),
        extra: fc.dictionary(fieldName, hostileValue, { maxKeys: 2 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ whole: fc.jsonValue({ maxDepth: 2 }) }) },
  );
}

function applyPlan(valid: Record<string, unknown>, plan: BodyPlan): unknown {
  if ("whole" in plan) return plan.whole;
  const body: Record<string, unknown> = { ...valid };
  for (const [key, value] of Object.entries(plan.extra)) Object.defineProperty(body, key, { value, enumerable: true });
  Object.assign(body, plan.replace);
  for (const key of plan.drop) delete body[key];
  return body;
}

/** What the server receives: the body after a JSON round trip (undefined dropped, NaN → null). */
const asSent = (body: unknown): unknown => JSON.parse(JSON.stringify(body) ?? "null");

// ---------------------------------------------------------------------------------------------
// The oracle

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when every string of the value can be stored exactly as it is. */
function storable(value: unknown): boolean {
  if (typeof value === "string") return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(storable);
  if (value && typeof value === "object" && !(value instanceof Date)) return Object.values(value).every(storable);
  return true;
}

/** The shared schema's reading of the input, or null when it must be refused. */
async function accepted<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S> | null> {
  const result = await schema.safeParseAsync(input);
  return result.success && storable(result.data) ? result.data : null;
}

interface Answer {
  status: number;
  body: any;
}

/** Every refusal: a 4xx with a message, and a 400 "Validation failed" with field errors for invalid input. */
function expectRefusal(res: Answer, label: string) {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(typeof res.body?.message, label).toBe("string");
}

function expectValidationError(res: Answer, label: string) {
  expectRefusal(res, label);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.message, label).toBe("Validation failed");
  expect(res.body.errors, label).toEqual(expect.arrayContaining([expect.any(String)]));
}

/**
 * The whole contract for one generated request: refused input gets 400 and changes nothing;
 * accepted input gets one of the route's statuses, and a success stores what the schema read.
 */
async function checkBodyRoute<S extends z.ZodType, State>(options: {
  label: string;
  schema: S;
  body: unknown;
  send: (json: string) => Promise<Answer>;
  /** Rows the route writes, read before and after a refusal. */
  state: () => Promise<State>;
  /** Statuses an accepted body may still get (a duplicate email, a foreign valuer, a rate limit). */
  allowedRefusals?: number[];
  successStatus: number;
  onSuccess?: (input: z.output<S>, res: Answer) => Promise<void>;
}) {
  const input = await accepted(options.schema, asSent(options.body));
  const before = await options.state();
  // Serialised here, so a generated string is sent as a JSON string and not as raw text.
  const res = await options.send(JSON.stringify(options.body));
  if (!input) {
    expectValidationError(res, options.label);
  } else if (res.status !== options.successStatus) {
    expectRefusal(res, options.label);
    expect(options.allowedRefusals ?? [], `${options.label}: ${JSON.stringify(res.body)}`).toContain(res.status);
  } else {
    await options.onSuccess?.(input, res);
    return;
  }
  expect(await options.state(), `${options.label}: nothing half-written`).toEqual(before);
}

/** Decimal strings compared by value: the database pads "2450" to "2450.00". */
const decimal = (value: string | null | undefined) => (value == null ? null : Number(value));

// ---------------------------------------------------------------------------------------------

interface Fixtures {
  owner: Account;
  member: Account;
  valuer: { id: number; name: string };
  companyId: number;
  admin: Account;
  /** A second company whose details and webhook the properties may change freely. */
  editor: Account;
  passwordChanger: Account;
}

let f: Fixtures;

beforeAll(async () => {
  const { owner, member, valuer } = await createCompanyWithMember();
  const [admin, editor, passwordChanger] = await Promise.all([
    createAdminViaDb(),
    registerOwnerViaServices(),
    registerOwnerViaServices(),
  ]);
  f = { owner, member, valuer, companyId: owner.user.companyId!, admin, editor, passwordChanger };
}, 60_000);

const countWhere = (table: typeof valuers | typeof qrCodes | typeof invites, companyId: number) =>
  withDb((db) => db.$count(table, eq(table.companyId, companyId)));

type RowTable = typeof valuers | typeof companies | typeof users | typeof qrCodes;

/** One row by id, typed as its table's row (the query itself is the same for every table). */
const selectRow = async <T extends RowTable>(
  db: Database,
  table: T,
  id: number,
): Promise<T["$inferSelect"] | undefined> =>
  (
    await db
      .select()
      .from(table as typeof valuers)
      .where(eq(table.id, id))
  )[0];

const rowOf = <T extends RowTable>(table: T, id: number) => withDb((db) => selectRow(db, table, id));

describe("generated bodies", () => {
  it("registration", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["firstName", "lastName", "name", "email", "phone", "location", "password", "confirmPassword"]),
        async (plan) => {
          const email = `${unique("hostile")}@example.com`;
          const body = applyPlan(
            {
              firstName: "Ann",
              lastName: "Lee",
              name: unique("Co"),
              email,
              phone: "+44 20 7946 0000",
              location: "London",
              password: OWNER_PASSWORD,
              confirmPassword: OWNER_PASSWORD,
            },
            plan,
          );
          const sentEmail = (asSent(body) as { email?: unknown } | null)?.email;
          await checkBodyRoute({
            label: "POST /api/register",
            schema: registerSchema,
            body,
            send: (b) => api("/api/register", { body: b }),
            state: () =>
              typeof sentEmail === "string"
                ? withDb((db) =>
                    db.$count(users, sql`lower(${users.email}) = lower(${sentEmail.trim().replaceAll("\u0000", "")})`),
                  )
                : Promise.resolve(0),
            allowedRefusals: [429],
            successStatus: 202,
            onSuccess: async (input) => {
              const [stored] = await withDb((db) =>
                db
                  .select({ id: users.id })
                  .from(users)
                  .where(sql`lower(${users.email}) = lower(${input.email})`),
              );
              const user = await rowOf(users, stored!.id);
              expect(user).toMatchObject({
                email: input.email,
                firstName: input.firstName,
                lastName: input.lastName,
                role: "user",
              });
              expect(await rowOf(companies, user!.companyId!)).toMatchObject({
                name: input.name,
                email: input.email,
                phone: input.phone ?? null,
                location: input.location ?? null,
                ownerId: user!.id,
              });
            },
          });
        },
      ),
      { numRuns: HASHING_RUNS },
    );
  });

  it("sign-in", async () => {
    await fc.assert(
      fc.asyncProperty(bodyPlan(["email", "password"]), async (plan) => {
        const body = applyPlan({ email: f.member.email, password: "a-wrong-password" }, plan);
        await checkBodyRoute({
          label: "POST /api/login",
          schema: loginSchema,
          body,
          send: (b) => api("/api/login", { body: b }),
          state: async () => null,
          allowedRefusals: [401, 429],
          successStatus: 200,
        });
      }),
      { numRuns: HASHING_RUNS },
    );
  });

  it("demo code", async () => {
    const keys = Object.keys(DEMO_CERTIFICATE);
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(keys, { marketValue: money.map(String), valuationDate: impossibleDate }),
        async (plan) => {
          await checkBodyRoute({
            label: "POST /api/demo-qr",
            schema: demoQrSchema,
            body: applyPlan({ ...DEMO_CERTIFICATE }, plan),
            send: (b) => api("/api/demo-qr", { body: b }),
            state: async () => null,
            allowedRefusals: [429],
            successStatus: 200,
            onSuccess: async (_input, res) => expect(res.body.qrCodeData).toMatch(/^data:image\/svg\+xml;base64,/),
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("new valuers and valuer changes", async () => {
    const edited = await createValuerViaApi(f.owner.token);
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["name", "phone", "qualification", "isActive"]),
        fc.boolean(),
        async (plan, editing) => {
          const body = applyPlan(
            { name: "Jane Wanjiku", phone: "+254700000003", qualification: "MRICS", isActive: true },
            plan,
          );
          await checkBodyRoute({
            label: editing ? "PUT /api/valuers/:id" : "POST /api/valuers",
            schema: valuerSchema,
            body,
            send: (b) =>
              editing
                ? api(`/api/valuers/${edited.id}`, { method: "PUT", token: f.owner.token, body: b })
                : api("/api/valuers", { token: f.owner.token, body: b }),
            state: () =>
              withDb(async (db) => ({
                count: await db.$count(valuers, eq(valuers.companyId, f.companyId)),
                edited: await selectRow(db, valuers, edited.id),
              })),
            successStatus: editing ? 200 : 201,
            onSuccess: async (input, res) => {
              expect(await rowOf(valuers, res.body.id)).toMatchObject({
                name: input.name,
                phone: input.phone ?? null,
                qualification: input.qualification ?? null,
                isActive: input.isActive ?? true,
                companyId: f.companyId,
              });
            },
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("new codes: money, sizes, dates and coordinates", async () => {
    const number = fc.oneof(money, fc.double({ noNaN: false }), fc.integer());
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(Object.keys(codeInput(f.valuer.id)).concat("latitude", "longitude"), {
          marketValue: money,
          propertySize: number,
          landSize: number,
          valuationDate: impossibleDate,
          latitude: number,
          longitude: number,
          valuerId: foreignId,
          propertyType: fc.constantFrom("Motor Vehicle", "motor vehicle", "All", ""),
        }),
        async (plan) => {
          const body = applyPlan({ ...codeInput(f.valuer.id), latitude: -1.2921, longitude: 36.8219 }, plan);
          await checkBodyRoute({
            label: "POST /api/qr-codes",
            schema: createQrCodeSchema,
            body,
            send: (b) => api("/api/qr-codes", { token: f.member.token, body: b }),
            state: () => countWhere(qrCodes, f.companyId),
            // A valuer id of the right shape that is not one of the company's valuers.
            allowedRefusals: [400],
            successStatus: 201,
            onSuccess: async (input, res) => {
              const row = await rowOf(qrCodes, res.body.id);
              expect(row).toMatchObject({
                propertyType: input.propertyType,
                propertyAddress: input.propertyAddress,
                propertyReference: input.propertyReference ?? null,
                propertyArea: input.propertyArea ?? null,
                currency: input.currency,
                valuationDate: input.valuationDate,
                valuerId: input.valuerId,
                propertySizeUnit: input.propertySizeUnit ?? null,
                landSizeUnit: input.landSizeUnit ?? null,
                latitude: input.latitude ?? null,
                longitude: input.longitude ?? null,
              });
              expect(decimal(row!.marketValue)).toBe(decimal(input.marketValue));
              expect(decimal(row!.propertySize)).toBe(decimal(input.propertySize));
              expect(decimal(row!.landSize)).toBe(decimal(input.landSize));
            },
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("API keys, and codes issued with one", async () => {
    const { key } = (
      await api("/api/api-keys", {
        token: f.owner.token,
        body: { name: "Hostile input", scopes: ["codes:write"], lifetime: "30", currentPassword: OWNER_PASSWORD },
      })
    ).body as { key: string };
    const keyCount = () => withDb((db) => db.$count(apiKeys, eq(apiKeys.companyId, f.companyId)));
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["name", "scopes", "lifetime", "currentPassword"], {
          scopes: fc.array(fc.constantFrom("codes:read", "codes:write", "admin", ""), { maxLength: 5 }),
          lifetime: fc.constantFrom("30", "90", "365", "never", "7", 30),
        }),
        bodyPlan(Object.keys(codeInput(f.valuer.id)), { marketValue: money, valuerId: foreignId }),
        async (keyPlan, codePlan) => {
          await checkBodyRoute({
            label: "POST /api/api-keys",
            schema: createApiKeySchema,
            body: applyPlan(
              { name: "Report software", scopes: ["codes:read"], lifetime: "90", currentPassword: OWNER_PASSWORD },
              keyPlan,
            ),
            send: (b) => api("/api/api-keys", { token: f.owner.token, body: b }),
            state: keyCount,
            // A current password of the right shape that is not the owner's; the cap of live keys.
            allowedRefusals: [400],
            successStatus: 201,
            onSuccess: async (input, res) =>
              expect(res.body.apiKey).toMatchObject({ name: input.name, scopes: input.scopes }),
          });
          await checkBodyRoute({
            label: "POST /api/v1/codes",
            schema: strictCreateQrCodeSchema,
            body: applyPlan(codeInput(f.valuer.id), codePlan),
            send: (b) =>
              api("/api/v1/codes", {
                body: b,
                headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
              }),
            state: () => countWhere(qrCodes, f.companyId),
            // A valuer id of the right shape that is not one of the company's valuers.
            allowedRefusals: [400],
            successStatus: 201,
            onSuccess: async (input, res) =>
              expect(res.body).toMatchObject({ propertyType: input.propertyType, currency: input.currency }),
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("revoking and reinstating codes", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["reason", "supersededByCodeId"], { supersededByCodeId: foreignId }),
        fc.boolean(),
        async (plan, revoking) => {
          const code = await insertCode(f.owner, {
            valuerId: f.valuer.id,
            ...(revoking ? {} : { revokedAt: new Date(), revokedReason: "Issued in error" }),
          });
          const body = applyPlan(revoking ? { reason: "Issued in error" } : { reason: "Revoked by mistake" }, plan);
          const action = revoking ? "revoke" : "reinstate";
          await checkBodyRoute({
            label: `POST /api/qr-codes/:id/${action}`,
            schema: revoking ? revokeCodeSchema : reinstateCodeSchema,
            body,
            send: (b) => api(`/api/qr-codes/${code.id}/${action}`, { token: f.owner.token, body: b }),
            state: () =>
              withDb(async (db) => ({
                code: await selectRow(db, qrCodes, code.id),
                events: await db.$count(codeStatusEvents, eq(codeStatusEvents.qrCodeId, code.id)),
              })),
            // A replacing code of the right shape that is not one of the company's codes.
            allowedRefusals: [400],
            successStatus: 200,
            onSuccess: async (input) => {
              const row = await rowOf(qrCodes, code.id);
              expect(row!.revokedReason).toBe(revoking ? input.reason : null);
            },
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("company details and the webhook address", async () => {
    const companyId = f.editor.user.companyId!;
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["name", "email", "phone", "location"]),
        bodyPlan(["url", "eventTypes", "description"], {
          url: fc.webUrl().map((url) => url.replace(/^http:/, "https:")),
          eventTypes: fc.subarray([...WEBHOOK_EVENT_TYPES]),
        }),
        async (detailsPlan, webhookPlan) => {
          const company = () => rowOf(companies, companyId);
          await checkBodyRoute({
            label: "PUT /api/companies/current",
            schema: companyDetailsSchema,
            body: applyPlan(
              {
                name: "Editor Valuers",
                email: `${unique("editor")}@example.com`,
                phone: "",
                location: "Mombasa",
                currentPassword: f.editor.password,
              },
              detailsPlan,
            ),
            send: (b) => api("/api/companies/current", { method: "PUT", token: f.editor.token, body: b }),
            state: company,
            // A new company email is confirmed by email first: limited per company and per address.
            allowedRefusals: [409, 429],
            successStatus: 200,
            onSuccess: async (input, res) => {
              expect(await company()).toMatchObject({
                name: input.name,
                phone: input.phone ?? null,
                location: input.location ?? null,
              });
              expect(res.body.pendingEmail?.email ?? res.body.email).toBe(input.email);
            },
          });
          await checkBodyRoute({
            label: "POST /api/webhooks",
            schema: webhookEndpointSchema,
            body: applyPlan({ url: "https://hooks.example/valuseal", eventTypes: ["code.scanned"] }, webhookPlan),
            send: (b) => api("/api/webhooks", { token: f.editor.token, body: b }),
            state: () =>
              withDb((db) => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId))),
            // The schema lets a loopback receiver through; the server judges it by where it runs.
            allowedRefusals: [400],
            successStatus: 201,
            onSuccess: async (input, res) => {
              const [stored] = await withDb((db) =>
                db.select().from(webhookEndpoints).where(eq(webhookEndpoints.publicId, res.body.id)),
              );
              expect(stored).toMatchObject({ url: input.url, eventTypes: input.eventTypes, companyId });
              // Removed again: the company's cap on endpoints is not what this checks.
              expect(
                (await api(`/api/webhooks/${res.body.id}`, { method: "DELETE", token: f.editor.token })).status,
              ).toBe(200);
            },
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("billing details, packs, M-Pesa phones and the providers' messages", async () => {
    const companyId = f.editor.user.companyId!;
    const kraPin = fc.oneof(
      fc.constantFrom("P051234567X", "p051 234 567x", "A123456789Z", "P05123456", "X051234567A", "P0512345678", ""),
      fc.stringMatching(/^[AP]\d{9}[A-Z]$/),
    );
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["legalName", "postalAddress", "kraPin", "currency"], {
          kraPin,
          currency: fc.constantFrom("KES", "USD", "EUR", "kes", ""),
        }),
        bodyPlan(["credits"], { credits: fc.constantFrom(10, 50, 200, 0, -10, 11, 10.5, "10", 1e9) }),
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
        ),
        bodyPlan(["credits", "phone"], {
          credits: fc.constantFrom(10, 0, "10"),
          phone: fc.oneof(
            fc.constantFrom(
              "0712 345 678",
              "+254 712-345-678",
              "254112345678",
              "0812345678",
              "+255712345678",
              "07123",
              "",
            ),
            fc.string({ maxLength: 20 }),
          ),
        }),
        async (detailsPlan, packPlan, eventBody, mpesaPlan) => {
          await checkBodyRoute({
            label: "PUT /api/billing/details",
            schema: billingDetailsSchema,
            body: applyPlan(
              {
                legalName: "Editor Valuers Ltd",
                postalAddress: "PO Box 9, Mombasa",
                kraPin: "P051234567X",
                currency: "KES",
              },
              detailsPlan,
            ),
            send: (b) => api("/api/billing/details", { method: "PUT", token: f.editor.token, body: b }),
            state: () =>
              withDb((db) => db.select().from(billingDetails).where(eq(billingDetails.companyId, companyId))),
            // A firm in Kenya without its KRA PIN.
            allowedRefusals: [422],
            successStatus: 200,
            onSuccess: async (input) => {
              const [stored] = await withDb((db) =>
                db.select().from(billingDetails).where(eq(billingDetails.companyId, companyId)),
              );
              expect(stored).toMatchObject({ legalName: input.legalName, kraPin: input.kraPin ?? null });
            },
          });
          await checkBodyRoute({
            label: "POST /api/billing/purchases",
            schema: purchaseRequestSchema,
            body: applyPlan({ credits: 10 }, packPlan),
            send: (b) => api("/api/billing/purchases", { token: f.editor.token, body: b }),
            state: () => withDb((db) => db.$count(purchases, eq(purchases.companyId, companyId))),
            // Billing details not complete (the property above may have left them without a PIN).
            allowedRefusals: [409],
            successStatus: 201,
            onSuccess: async (input, res) => {
              expect(res.body.purchase).toMatchObject({ credits: input.credits, status: "pending" });
            },
          });
          await checkBodyRoute({
            label: "POST /api/billing/mpesa",
            schema: mpesaPurchaseRequestSchema,
            body: applyPlan({ credits: 10, phone: "0712 345 678" }, mpesaPlan),
            send: (b) => api("/api/billing/mpesa", { token: f.editor.token, body: b }),
            state: () => withDb((db) => db.$count(purchases, eq(purchases.companyId, companyId))),
            // Billing details not complete, or in dollars (the property above may have left them so).
            allowedRefusals: [409, 422],
            successStatus: 201,
            onSuccess: async (input, res) => {
              expect(res.body).toMatchObject({ credits: input.credits, provider: "mpesa", mpesa: { state: "sent" } });
            },
          });
          // A callback to an address that names no prompt is refused and kept nowhere.
          const callback = await fetchWorker(`${ORIGIN}/api/billing/mpesa/callback/${"Q".repeat(32)}`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: eventBody,
          });
          expect(callback.status).toBe(404);
          // Whatever arrives without Stripe's signature is refused and kept nowhere.
          const eventsBefore = await withDb((db) => db.$count(paymentEvents));
          const forged = await fetchWorker(`${ORIGIN}/api/billing/stripe/events`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=00`,
            },
            body: eventBody,
          });
          expect(forged.status).toBe(400);
          expect(await forged.json()).toMatchObject({ message: expect.any(String) });
          expect(await withDb((db) => db.$count(paymentEvents))).toBe(eventsBefore);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("profile names and password changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["firstName", "lastName"]),
        bodyPlan(["currentPassword", "newPassword", "confirmPassword"]),
        async (profilePlan, passwordPlan) => {
          await checkBodyRoute({
            label: "PUT /api/profile",
            schema: profileSchema,
            body: applyPlan({ firstName: "Mary", lastName: "Member" }, profilePlan),
            send: (b) => api("/api/profile", { method: "PUT", token: f.member.token, body: b }),
            state: () => rowOf(users, f.member.user.id),
            successStatus: 200,
            onSuccess: async (input) =>
              expect(await rowOf(users, f.member.user.id)).toMatchObject({
                firstName: input.firstName,
                lastName: input.lastName,
              }),
          });
          // The current password is wrong, so even an accepted body changes nothing; the hash is what is guarded.
          await checkBodyRoute({
            label: "POST /api/profile/password",
            schema: changePasswordSchema,
            body: applyPlan(
              { currentPassword: "not-the-password", newPassword: "a-new-password", confirmPassword: "a-new-password" },
              passwordPlan,
            ),
            send: (b) => api("/api/profile/password", { token: f.passwordChanger.token, body: b }),
            state: async () => (await rowOf(users, f.passwordChanger.user.id))!.password,
            allowedRefusals: [400, 429],
            successStatus: 200,
          });
        },
      ),
      { numRuns: HASHING_RUNS },
    );
  });

  it("deleting an account and closing an organisation", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["currentPassword"]),
        bodyPlan(["organisationName", "currentPassword"]),
        async (deletionPlan, closurePlan) => {
          // The password is wrong, so even an accepted body schedules nothing.
          await checkBodyRoute({
            label: "POST /api/profile/deletion",
            schema: accountDeletionSchema,
            body: applyPlan({ currentPassword: "not-the-password" }, deletionPlan),
            send: (b) => api("/api/profile/deletion", { token: f.passwordChanger.token, body: b }),
            state: async () => (await rowOf(users, f.passwordChanger.user.id))!.deletionDueAt,
            allowedRefusals: [400, 409, 429],
            successStatus: 202,
          });
          await checkBodyRoute({
            label: "POST /api/companies/current/closure",
            schema: organisationClosureSchema,
            body: applyPlan(
              { organisationName: f.editor.user.company!.name, currentPassword: "not-the-password" },
              closurePlan,
            ),
            send: (b) => api("/api/companies/current/closure", { token: f.editor.token, body: b }),
            state: async () => (await rowOf(companies, f.editor.user.companyId!))!.closureDueAt,
            allowedRefusals: [400, 429],
            successStatus: 202,
          });
        },
      ),
      { numRuns: HASHING_RUNS },
    );
  });

  it("team invites and accepting them", async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["email"]),
        bodyPlan(["firstName", "lastName", "password", "confirmPassword"]),
        async (invitePlan, acceptPlan) => {
          await checkBodyRoute({
            label: "POST /api/team/invites",
            schema: inviteSchema,
            body: applyPlan({ email: `${unique("invitee")}@example.com` }, invitePlan),
            send: (b) => api("/api/team/invites", { token: f.owner.token, body: b }),
            state: () => countWhere(invites, f.companyId),
            // Invitations are emails: limited per company and per invited address.
            allowedRefusals: [429],
            successStatus: 201,
            onSuccess: async (input, res) => expect(res.body.email).toBe(input.email),
          });
          // Each run's invitation comes from a company of its own: a company sends 20 invitations a day.
          const inviter = await registerOwnerViaServices();
          const invite = await inviteMemberViaServices(inviter);
          await checkBodyRoute({
            label: "POST /api/invites/:token/accept",
            schema: acceptInviteSchema,
            body: applyPlan(
              { firstName: "New", lastName: "Member", password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
              acceptPlan,
            ),
            send: (b) => api(`/api/invites/${invite.token}/accept`, { body: b }),
            state: () =>
              withDb(async (db) => ({
                pending: await db.$count(invites, and(eq(invites.id, invite.id), isNull(invites.acceptedAt))),
                users: await db.$count(users, sql`lower(${users.email}) = lower(${invite.email})`),
              })),
            successStatus: 201,
            onSuccess: async (input, res) =>
              expect(await rowOf(users, res.body.user.id)).toMatchObject({
                email: invite.email,
                firstName: input.firstName,
                lastName: input.lastName,
                companyId: inviter.user.companyId,
              }),
          });
        },
      ),
      { numRuns: HASHING_RUNS },
    );
  }, 120_000);

  it("administrators' status changes", async () => {
    const target = await registerOwnerViaServices();
    const targetCompanyId = target.user.companyId!;
    const userIds = fc.oneof(fc.array(foreignId, { maxLength: 3 }), fc.constant([target.user.id]), hostileValue);
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["isActive"]),
        bodyPlan(["userIds", "isActive"], { userIds }),
        async (statusPlan, bulkPlan) => {
          const state = () =>
            withDb(async (db) => ({
              user: await selectRow(db, users, target.user.id),
              company: await selectRow(db, companies, targetCompanyId),
            }));
          await checkBodyRoute({
            label: "PATCH /api/admin/companies/:id/status",
            schema: activeStatusSchema,
            body: applyPlan({ isActive: false }, statusPlan),
            send: (b) =>
              api(`/api/admin/companies/${targetCompanyId}/status`, { method: "PATCH", token: f.admin.token, body: b }),
            state,
            successStatus: 200,
            onSuccess: async (input) =>
              expect((await rowOf(companies, targetCompanyId))!.isActive).toBe(input.isActive),
          });
          await checkBodyRoute({
            label: "PATCH /api/admin/users/bulk-status",
            schema: bulkUserStatusSchema,
            body: applyPlan({ userIds: [target.user.id], isActive: true }, bulkPlan),
            send: (b) => api("/api/admin/users/bulk-status", { method: "PATCH", token: f.admin.token, body: b }),
            state,
            successStatus: 200,
            onSuccess: async (input) => {
              if (input.userIds.includes(target.user.id)) {
                expect((await rowOf(users, target.user.id))!.isActive).toBe(input.isActive);
              }
            },
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("generated bodies, personal data", () => {
  it("requests about personal data from people who are not users", async () => {
    const recorded = await api("/api/admin/data-requests", {
      token: f.admin.token,
      body: {
        requesterName: "Jane Wambui",
        requesterContact: "jane@example.com",
        requesterRole: "valuer",
        kind: "access",
        request: "Send me what you hold about me",
        receivedOn: "2026-12-01",
      },
    });
    expect(recorded.status).toBe(201);
    const state = () =>
      withDb(async (db) => ({
        count: await db.$count(dataRequests),
        row: (await db.select().from(dataRequests).where(eq(dataRequests.id, recorded.body.id)))[0],
      }));
    await fc.assert(
      fc.asyncProperty(
        bodyPlan(["requesterName", "requesterContact", "requesterRole", "kind", "request", "receivedOn"]),
        bodyPlan(["status", "actionsTaken", "answer", "answeredOn"]),
        async (newPlan, updatePlan) => {
          await checkBodyRoute({
            label: "POST /api/admin/data-requests",
            schema: newDataRequestSchema,
            body: applyPlan(
              {
                requesterName: "A scanner",
                requesterContact: "post: PO Box 1, Nairobi",
                requesterRole: "scanner",
                kind: "erasure",
                request: "Erase my scans",
                receivedOn: "2026-12-02",
              },
              newPlan,
            ),
            send: (b) => api("/api/admin/data-requests", { token: f.admin.token, body: b }),
            state,
            successStatus: 201,
            onSuccess: async (input, res) => expect(res.body).toMatchObject({ kind: input.kind, status: "open" }),
          });
          await checkBodyRoute({
            label: "PATCH /api/admin/data-requests/:id",
            schema: dataRequestUpdateSchema,
            body: applyPlan(
              { status: "done", actionsTaken: "Sent the records", answer: "Here they are", answeredOn: "2026-12-03" },
              updatePlan,
            ),
            send: (b) =>
              api(`/api/admin/data-requests/${recorded.body.id}`, { method: "PATCH", token: f.admin.token, body: b }),
            state,
            successStatus: 200,
            onSuccess: async (input, res) => expect(res.body.status).toBe(input.status),
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("inputs that used to answer 500", () => {
  it("text the database cannot store as sent is a field error, and nothing is written", async () => {
    const valuersBefore = await countWhere(valuers, f.companyId);
    const nul = await api("/api/valuers", { token: f.owner.token, body: { name: "Jane\u0000Wanjiku" } });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({
      code: "invalid_request",
      message: "Validation failed",
      errors: ["name: Must not contain NUL characters"],
    });
    expect(await countWhere(valuers, f.companyId)).toBe(valuersBefore);

    const surrogate = await api("/api/profile", {
      method: "PUT",
      token: f.member.token,
      body: JSON.stringify({ firstName: "Mary", lastName: "Half \ud83d pair" }),
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors).toEqual(["lastName: Must be valid Unicode text"]);

    const search = await api("/api/qr-codes?search=%00", { token: f.owner.token });
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual(["search: Must not contain NUL characters"]);
  });

  it("a body that is not an object is refused as such", async () => {
    for (const body of ["null", "[]", "42"]) {
      const res = await api("/api/qr-codes", { token: f.owner.token, body });
      expect(res.status, body).toBe(400);
      expect(res.body.errors, body).toEqual([expect.stringMatching(/^Invalid input: expected object/)]);
    }
  });

  it("a replacing code id past the id column's range is refused, not looked up", async () => {
    const code = await insertCode(f.owner, { valuerId: f.valuer.id });
    for (const supersededByCodeId of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const res = await api(`/api/qr-codes/${code.id}/revoke`, {
        token: f.owner.token,
        body: { reason: "Superseded", supersededByCodeId },
      });
      expect(res.status, String(supersededByCodeId)).toBe(400);
      expect(res.body.errors).toEqual(["supersededByCodeId: Choose a code"]);
    }
    expect((await rowOf(qrCodes, code.id))!.revokedAt).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  overCap,
  sqlFragment,
  htmlFragment,
  unstorableText,
  unicodeText,
  impossibleDate,
  fc.constantFrom("-1", "0", "1e300", "9007199254740993", "NaN", "Infinity", "0x10", "1.5", " 5 ", "all", "ALL", ""),
);
const queryPlan = (keys: string[]) =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...keys), fieldName),
    fc.oneof(queryValue, fc.array(queryValue, { minLength: 2, maxLength: 3 })),
    {
      maxKeys: 4,
    },
  );

function queryString(query: Record<string, string | string[]>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat()) params.append(key, item);
  }
  return params.toString();
}

describe("generated query strings", () => {
  const routes: { path: string; keys: string[]; schema?: z.ZodType; admin?: boolean }[] = [
    {
      path: "/api/qr-codes",
      keys: ["limit", "page", "pageSize", "search", "propertyType", "date"],
      schema: qrCodeListQuerySchema,
    },
    { path: "/api/locations/search", keys: ["q"] },
    { path: "/api/scans/recent", keys: ["limit"] },
    {
      path: "/api/admin/companies-detailed",
      keys: ["search", "page", "pageSize"],
      schema: adminListQuerySchema,
      admin: true,
    },
    { path: "/api/admin/users", keys: ["search", "page", "pageSize"], schema: adminListQuerySchema, admin: true },
    { path: "/api/admin/audit-log", keys: ["page", "pageSize"], admin: true },
    { path: "/log/entries", keys: ["from", "to"], schema: logEntriesQuerySchema },
    { path: "/log/checkpoints", keys: ["page", "pageSize"] },
  ];

  it.each(routes)("$path", async (route) => {
    await fc.assert(
      fc.asyncProperty(queryPlan(route.keys), async (query) => {
        const res = await api(`${route.path}?${queryString(query)}`, {
          token: route.admin ? f.admin.token : f.owner.token,
        });
        const label = `GET ${route.path}?${queryString(query)}`;
        if (res.status === 200) return;
        expectValidationError(res, label);
      }),
      { numRuns: READ_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------

/** Path segments: encoded text, malformed escapes, traversal, and numbers just past what ids can be. */
const pathSegment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom(
    "%ZZ",
    "%",
    "%00",
    "%ED%A0%80",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e",
    "0",
    "-1",
    "1.5",
    "1e3",
    "0x10",
    "%EF%BC%91",
    "2147483648",
    "99999999999999999999",
    "%3Cscript%3E",
    encodeURIComponent("'; DROP TABLE qr_codes; --"),
    "a".repeat(2000),
  ),
);
/** Segments that can never parse as an existing id, for routes that change what they name. */
const nonIdSegment = pathSegment.filter(
  (segment) => !/^[1-9]\d{0,9}$/.test(segment) || Number(segment) > 2_147_483_647,
);

describe("generated path ids", () => {
  const readRoutes = [
    "/api/qr-codes/:id",
    "/api/qr-codes/:id/status-history",
    "/api/qr-codes/:id/scans",
    "/api/invites/:id",
    "/api/public/certificates/:id",
    "/api/public/certificates/:id/record",
    "/api/admin/companies/:id/details",
    "/log/proof/:id",
    "/status/:id",
    "/api/billing/purchases/:id",
    "/api/billing/receipts/:id/pdf",
    "/api/public/receipts/:id",
    "/api/valuers/practising-certificates/:id/file",
    "/api/admin/practising-certificates/:id/file",
  ];
  const changeRoutes: [string, string, unknown][] = [
    ["PUT", "/api/valuers/:id", { name: "Renamed" }],
    ["DELETE", "/api/valuers/:id", undefined],
    ["POST", "/api/qr-codes/:id/revoke", { reason: "Issued in error" }],
    ["POST", "/api/qr-codes/:id/reinstate", { reason: "Revoked by mistake" }],
    ["DELETE", "/api/team/invites/:id", undefined],
    ["DELETE", "/api/team/members/:id", undefined],
    [
      "POST",
      "/api/invites/:id/accept",
      { firstName: "A", lastName: "B", password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD },
    ],
    ["PATCH", "/api/admin/users/:id/status", { isActive: true }],
    ["PATCH", "/api/admin/companies/:id/status", { isActive: true }],
    ["DELETE", "/api/admin/users/:id", undefined],
    ["POST", "/api/admin/signing-keys/:id/compromise", { compromisedAt: "2026-01-01T00:00:00Z" }],
    ["POST", "/api/billing/purchases/:id/cancel", undefined],
    ["POST", "/api/billing/purchases/:id/mpesa", { phone: "0712 345 678" }],
    ["POST", "/api/admin/billing/mpesa/:id", { paid: false, note: "Nothing in the portal" }],
    ["POST", "/api/admin/practising-certificates/:id/review", { decision: "rejected", reason: "Unreadable copy" }],
    ["PATCH", "/api/admin/data-requests/:id", { status: "open" }],
  ];

  it("reads answer 404 (or the record) for any id, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...readRoutes), pathSegment, async (route, segment) => {
        const path = route.replace(":id", segment);
        // "%2e%2e" after /status/ resolves to "/", the app's landing page (the browser tests' ground).
        if (new URL(path, ORIGIN).pathname === "/") return;
        const token = route.startsWith("/api/admin/") ? f.admin.token : f.owner.token;
        const res = await api(path, { token });
        if (res.status !== 200) expectRefusal(res, `GET ${path.slice(0, 120)}`);
      }),
      { numRuns: READ_RUNS },
    );
  });

  it("a NUL in a path names nothing: 404, as any id that names nothing (the public look-ups log it)", async () => {
    for (const path of [
      "/api/qr-codes/%00",
      "/api/public/certificates/%00",
      "/api/public/verification-codes/VS-%00",
      "/api/billing/purchases/pur_%00",
      "/api/public/receipts/rc_%00",
    ]) {
      const res = await api(path, { token: f.owner.token });
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it("a dot segment that resolves to the bare open-data paths answers a JSON 404, never the app or a 500", async () => {
    // URL parsing turns /log/proof/%2e%2e into /log/: no route, and not a page of the app either.
    for (const path of [
      "/log/proof/%2e%2e",
      "/log",
      "/status/",
      "/status/proof/%2e%2e",
      "/.well-known/nothing",
      "/api",
    ]) {
      const res = await api(path);
      expect([path, res.status, res.body]).toEqual([path, 404, { code: "not_found", message: "Not found" }]);
    }
  });

  it("changes answer 4xx for ids that name nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...changeRoutes), nonIdSegment, async ([method, route, body], segment) => {
        const path = route.replace(":id", segment);
        const token = route.startsWith("/api/admin/") ? f.admin.token : f.owner.token;
        expectRefusal(await api(path, { method, token, body }), `${method} ${path.slice(0, 120)}`);
      }),
      { numRuns: READ_RUNS },
    );
  });

  it("the certificate page answers a page for any token, never an error page or 500", async () => {
    // "." and ".." (also percent-encoded) are resolved by URL parsing before any server sees them:
    // /v/.. is the address of the landing page, not of a code.
    const tokenSegment = pathSegment.filter((segment) => !/^(\.|%2e){1,2}$/i.test(segment));
    await fc.assert(
      fc.asyncProperty(tokenSegment, async (segment) => {
        const res = await api(`/v/${segment}`, { headers: { "User-Agent": "Mozilla/5.0 (iPhone)" } });
        expect([200, 404], `/v/${segment.slice(0, 120)}: ${res.status}`).toContain(res.status);
        expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
        expect(String(res.body)).not.toMatch(/<script/i);
      }),
      { numRuns: READ_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe("malformed requests", () => {
  const jsonRoutes: [string, string, () => string | undefined][] = [
    ["POST", "/api/register", () => undefined],
    ["POST", "/api/login", () => undefined],
    ["POST", "/api/demo-qr", () => undefined],
    ["POST", "/api/qr-codes", () => f.owner.token],
    ["PUT", "/api/profile", () => f.member.token],
    ["PATCH", "/api/admin/users/bulk-status", () => f.admin.token],
  ];

  it.each(jsonRoutes)("%s %s: malformed JSON is a 400 that says so", async (method, path, token) => {
    for (const text of ['{"email": ', "{'single': 'quotes'}", '{"a":1}{"b":2}']) {
      const res = await api(path, { method, token: token(), body: text });
      expect(res.status, `${path} ${JSON.stringify(text)}`).toBe(400);
      expect(res.body, `${path} ${JSON.stringify(text)}`).toEqual({
        code: "invalid_request",
        message: "Malformed JSON in request body",
      });
    }
  });

  it.each(jsonRoutes)(
    "%s %s: a body that is not JSON is a 415 that names the content type",
    async (method, path, token) => {
      const bodies: [string, string][] = [
        ["text/plain", JSON.stringify({ email: "a@example.com", password: "x" })],
        ["application/x-www-form-urlencoded", "email=a%40example.com&password=x"],
        [
          "multipart/form-data; boundary=x",
          '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--',
        ],
        ["application/xml", "<login><email>a@example.com</email></login>"],
      ];
      for (const [contentType, text] of bodies) {
        const res = await api(path, { method, token: token(), body: text, headers: { "Content-Type": contentType } });
        expect(res.status, `${path} as ${contentType}`).toBe(415);
        expect(res.body.message).toMatch(/Content-Type: application\/json/);
      }
    },
  );

  it("a JSON body with a charset or a +json type is read as JSON", async () => {
    for (const contentType of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const res = await api("/api/demo-qr", { body: DEMO_CERTIFICATE, headers: { "Content-Type": contentType } });
      expect(res.status, contentType).toBe(200);
    }
  });

  it("bodies over 100 KB are refused with 413, with or without a Content-Length", async () => {
    const huge = JSON.stringify({ ...DEMO_CERTIFICATE, propertyAddress: "x".repeat(150 * 1024) });
    const sized = await api("/api/demo-qr", { body: huge });
    expect(sized.status).toBe(413);
    expect(sized.body).toEqual({ code: "payload_too_large", message: "Request body is too large (limit 100 KB)" });

    const bytes = new TextEncoder().encode(huge);
    const streamed = await fetchWorker(`${ORIGIN}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.250.0.1" },
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 16 * 1024)
            controller.enqueue(bytes.slice(offset, offset + 16 * 1024));
          controller.close();
        },
      }),
    });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({
      code: "payload_too_large",
      message: "Request body is too large (limit 100 KB)",
    });
  });

  it("deeply nested JSON under the size limit is a plain 400", async () => {
    const depth = 40_000;
    const res = await api("/api/login", { body: `${"[".repeat(depth)}${"]".repeat(depth)}` });
    expectRefusal(res, "nested arrays");
    expect(res.status).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

describe("HTML in stored text", () => {
  it("is stored as sent and shown as text on the certificate", async () => {
    const fragment = fc.oneof(
      htmlFragment,
      fc.tuple(fc.string({ maxLength: 10 }), htmlFragment, fc.string({ maxLength: 10 })).map((parts) => parts.join("")),
    );
    await fc.assert(
      fc.asyncProperty(fragment, fragment, fragment, async (address, reference, valuerName) => {
        fc.pre(
          storable(address) && address.trim() !== "" && valuerName.trim() !== "" && reference.trim().length <= 100,
        );
        const valuer = await createValuerViaApi(f.owner.token, { name: valuerName });
        const created = await api("/api/qr-codes", {
          token: f.owner.token,
          body: codeInput(valuer.id, { propertyAddress: address, propertyReference: reference }),
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const row = await rowOf(qrCodes, created.body.id);
        expect(row!.propertyAddress).toBe(address.trim());

        const page = await api(`/v/${created.body.publicToken}`, { headers: { "User-Agent": "Mozilla/5.0 (iPhone)" } });
        expect(page.status).toBe(200);
        for (const text of [address, reference, valuerName].map((value) => value.trim()).filter(Boolean)) {
          expect(page.body).toContain(escapeHtml(text));
        }
        expect(page.body).not.toMatch(/<(script|img|svg|b|i)[\s>]/i);
      }),
      { numRuns: 10 },
    );
  });
});
