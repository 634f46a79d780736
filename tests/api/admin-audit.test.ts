import { describe, expect, it } from "vitest";
import { AUDIT_LOG_PAGE_SIZE } from "#schema/validation/admin.ts";
import { companyIdOf, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { api } from "./fixtures/http";

interface AuditItem {
  id: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: number;
  details: unknown;
  createdAt: string;
}

describe("GET /api/admin/audit-log", () => {
  it("shows who changed what, newest first, a page at a time", async () => {
    const admin = await createAdminViaDb();
    const owner = await registerOwnerViaServices();
    const asAdmin = (path: string, options: { method?: string; body?: unknown } = {}) =>
      api(path, { ...options, token: admin.token });
    await asAdmin(`/api/admin/companies/${companyIdOf(owner)}/status`, { method: "PATCH", body: { isActive: false } });
    await asAdmin(`/api/admin/users/${owner.user.id}/status`, { method: "PATCH", body: { isActive: false } });

    const res = await asAdmin("/api/admin/audit-log?pageSize=100");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 100, total: expect.any(Number) });
    const items = res.body.items as AuditItem[];
    const mine = items.filter((item) => item.actorEmail === admin.email);
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        actorEmail: admin.email,
        action: "user.deactivated",
        targetType: "user",
        targetId: owner.user.id,
        details: { email: owner.email },
        createdAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        actorEmail: admin.email,
        action: "company.deactivated",
        targetType: "company",
        targetId: companyIdOf(owner),
        details: { name: owner.user.company!.name },
        createdAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        actorEmail: admin.email,
        action: "user.second_factor_added",
        targetType: "user",
        targetId: admin.user.id,
        details: { factor: "authenticator app" },
        createdAt: expect.any(String),
      },
    ]);
    const order = items.map((item) => item.id);
    expect(order).toEqual([...order].sort((id1, id2) => id2 - id1));

    const firstPage = await asAdmin("/api/admin/audit-log?pageSize=1");
    const secondPage = await asAdmin("/api/admin/audit-log?page=2&pageSize=1");
    expect(firstPage.body.items).toHaveLength(1);
    expect(secondPage.body).toMatchObject({ page: 2, pageSize: 1 });
    expect(secondPage.body.items).toHaveLength(1);
    expect((await asAdmin("/api/admin/audit-log")).body.pageSize).toBe(AUDIT_LOG_PAGE_SIZE);
    expect((await asAdmin("/api/admin/audit-log?page=-1")).status).toBe(400);
  });
});
