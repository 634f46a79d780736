import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, qrCodes } from "#schema/tables.ts";
import { RECENT_VALUATION } from "../shared/dates";
import { type Account, companyIdOf, loginViaApi, registerOwnerViaServices, sessionCount } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb } from "./fixtures/admins";
import { insertCode, VEHICLE_CODE } from "./fixtures/codes";
import { insertCompanyData } from "./fixtures/companies";
import { inSequence, withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";

const UNKNOWN_ID = 2_000_000_000;

let admin: Account;
beforeAll(async () => {
  admin = await createAdminViaDb();
});

const asAdmin = (path: string, options: { method?: string; body?: unknown } = {}) =>
  api(path, { ...options, token: admin.token });

const detailed = (query: string) => asAdmin(`/api/admin/companies-detailed?${query}`);

describe("GET /api/admin/companies-detailed", () => {
  it("gives each company its owner email, counts and status", async () => {
    const owner = await registerOwnerViaServices();
    await insertCompanyData(companyIdOf(owner), { valuers: 2, deletedValuers: 1, codes: 3 });
    const res = await detailed(`search=${encodeURIComponent(owner.user.company!.name)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: companyIdOf(owner),
        name: owner.user.company!.name,
        email: owner.email,
        phone: "+254700000001",
        location: "Nairobi",
        ownerId: owner.user.id,
        userEmail: owner.email,
        kind: "issuer",
        lenderType: null,
        isActive: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        qrCodeCount: 3,
        valuerCount: 2,
        registrationBody: null,
        registrationBodyName: null,
        registrationNumber: null,
        registrationNote: null,
        verificationStatus: "pending",
        verifiedAt: null,
        verificationNote: null,
      },
    ]);
  });

  it("searches by company name, company email or owner email, matching % and _ literally", async () => {
    const owner = await registerOwnerViaServices();
    const companyEmail = `${unique("office")}@example.com`;
    await withDb((db) =>
      db
        .update(companies)
        .set({ email: companyEmail })
        .where(eq(companies.id, companyIdOf(owner))),
    );
    const name = owner.user.company!.name;
    for (const search of [name.toUpperCase(), companyEmail, owner.email]) {
      const res = await detailed(`search=${encodeURIComponent(search)}`);
      expect(
        res.body.map((company: { id: number }) => company.id),
        search,
      ).toEqual([companyIdOf(owner)]);
    }
    expect((await detailed(`search=${encodeURIComponent(`${name.slice(0, 4)}%`)}`)).body).toEqual([]);
    expect((await detailed(`search=${encodeURIComponent(`${name.slice(0, 4)}_`)}`)).body).toEqual([]);
  });

  it("pages newest first with the total when asked for a page", async () => {
    const tag = unique("Paged");
    let n = 0;
    const owners = await inSequence(3, () => registerOwnerViaServices({ name: `${tag} ${n++}` }));
    const ids = owners.map(companyIdOf).reverse();
    const first = await detailed(`search=${tag}&page=1&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.body.items.map((company: { id: number }) => company.id)).toEqual(ids.slice(0, 2));
    const second = await detailed(`search=${tag}&page=2&pageSize=2`);
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.body.items.map((company: { id: number }) => company.id)).toEqual(ids.slice(2));
    expect((await detailed(`search=${tag}&page=9&pageSize=2`)).body).toEqual({
      items: [],
      page: 9,
      pageSize: 2,
      total: 3,
    });
    const plain = await detailed(`search=${tag}`);
    expect(plain.body.map((company: { id: number }) => company.id)).toEqual(ids);
    expect((await detailed("page=abc")).status).toBe(400);
  });
});

describe("GET /api/admin/companies/:id/details", () => {
  it("returns the company, its codes newest first and its current valuers", async () => {
    const owner = await registerOwnerViaServices();
    const { codeIds, valuerIds } = await insertCompanyData(companyIdOf(owner), {
      valuers: 2,
      deletedValuers: 1,
      codes: 2,
      scansPerCode: 4,
    });
    const res = await asAdmin(`/api/admin/companies/${companyIdOf(owner)}/details`);
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({
      id: companyIdOf(owner),
      name: owner.user.company!.name,
      userEmail: owner.email,
      qrCodeCount: 2,
      valuerCount: 2,
    });
    expect(res.body.qrCodes).toEqual(
      [...codeIds].reverse().map((id, i) => ({
        id,
        propertyAddress: `Plot ${2 - i}, Riverside Drive`,
        propertyReference: null,
        propertyArea: null,
        propertyType: "Real Estate",
        marketValue: `${1000 * (2 - i)}.50`,
        currency: "KES",
        valuationDate: RECENT_VALUATION.timestamp,
        verificationCount: 4,
        revokedAt: null,
        createdAt: expect.any(String),
      })),
    );
    expect(res.body.valuers).toEqual([
      { id: valuerIds[0], name: "Valuer 1", phone: "+254700000002", qualification: null, isActive: true },
      { id: valuerIds[1], name: "Valuer 2", phone: "+254700000002", qualification: null, isActive: true },
    ]);
  });

  it("gives a Motor Vehicle code's reference number and description, as it has no location", async () => {
    const owner = await registerOwnerViaServices();
    const vehicle = await insertCode(owner, VEHICLE_CODE);
    const res = await asAdmin(`/api/admin/companies/${companyIdOf(owner)}/details`);
    expect(res.body.qrCodes).toEqual([
      expect.objectContaining({
        id: vehicle.id,
        propertyType: "Motor Vehicle",
        propertyAddress: "",
        propertyReference: "KDA 123A",
        propertyArea: "Toyota Land Cruiser 2021, white",
      }),
    ]);
  });

  it("answers 404 for an unknown company", async () => {
    const res = await asAdmin(`/api/admin/companies/${UNKNOWN_ID}/details`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "Company not found" });
    expect((await asAdmin("/api/admin/companies/1x/details")).status).toBe(404);
  });
});

describe("PATCH /api/admin/companies/:id/status", () => {
  it("deactivates and reactivates a company, keeping its users signed in and its codes", async () => {
    const owner = await registerOwnerViaServices();
    const companyId = companyIdOf(owner);
    await insertCompanyData(companyId, { codes: 1 });

    const off = await asAdmin(`/api/admin/companies/${companyId}/status`, {
      method: "PATCH",
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: "Company deactivated", company: { id: companyId, isActive: false } });
    expect((await detailed(`search=${encodeURIComponent(owner.email)}`)).body[0]).toMatchObject({ isActive: false });
    const me = await api("/api/auth/user", { token: owner.token });
    expect(me.status).toBe(200);
    expect(me.body.company).toMatchObject({ id: companyId, isActive: false });
    expect(await withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, companyId)))).toBe(1);

    const on = await asAdmin(`/api/admin/companies/${companyId}/status`, { method: "PATCH", body: { isActive: true } });
    expect(on.body).toEqual({ message: "Company activated", company: { id: companyId, isActive: true } });

    expect((await auditEntriesFor("company", [companyId])).map((entry) => entry.action)).toEqual([
      "company.deactivated",
      "company.activated",
    ]);
  });

  it("answers 404 for an unknown company and 400 for a bad status", async () => {
    const body = { isActive: false };
    const missing = await asAdmin(`/api/admin/companies/${UNKNOWN_ID}/status`, { method: "PATCH", body });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "not_found", message: "Company not found" });
    const owner = await registerOwnerViaServices();
    const bad = await asAdmin(`/api/admin/companies/${companyIdOf(owner)}/status`, {
      method: "PATCH",
      body: { isActive: "no" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("PATCH /api/admin/companies/:id/reset-password", () => {
  it("sets the owner's password and signs the owner out everywhere", async () => {
    const owner = await registerOwnerViaServices();
    const password = "  a fresh password  ";
    const res = await asAdmin(`/api/admin/companies/${companyIdOf(owner)}/reset-password`, {
      method: "PATCH",
      body: { password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Password reset successfully" });

    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(401);
    expect(await sessionCount(owner.user.id)).toBe(0);
    const oldLogin = await api("/api/login", { body: { email: owner.email, password: owner.password } });
    expect(oldLogin.status).toBe(401);
    const token = await loginViaApi(owner.email, password);
    expect((await api("/api/auth/user", { token })).status).toBe(200);

    const [entry] = await auditEntriesFor("company", [companyIdOf(owner)]);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: "company.password_reset",
      details: { name: owner.user.company!.name, ownerId: owner.user.id, ownerEmail: owner.email },
    });
    expect(JSON.stringify(entry)).not.toContain(password.trim());
  });

  it("applies the registration rules and answers 404 for an unknown company", async () => {
    const owner = await registerOwnerViaServices();
    const path = `/api/admin/companies/${companyIdOf(owner)}/reset-password`;
    const cases: [unknown, string][] = [
      [{ password: "          " }, "password: Password cannot be blank"],
      [{ password: "short" }, "password: Password must be at least 10 characters"],
      [{}, "password: Password must be at least 10 characters"],
    ];
    for (const [body, error] of cases) {
      const res = await asAdmin(path, { method: "PATCH", body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: "invalid_request", message: "Validation failed", errors: [error] });
    }
    await loginViaApi(owner.email, owner.password);
    const missing = await asAdmin(`/api/admin/companies/${UNKNOWN_ID}/reset-password`, {
      method: "PATCH",
      body: { password: "long enough to hold" },
    });
    expect(missing.status).toBe(404);
  });
});
