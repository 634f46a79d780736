import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "#schema/tables.ts";
import { type Account, companyIdOf, findUser, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { withDb } from "./fixtures/database";
import { api } from "./fixtures/http";

const ACCESS_DENIED = "Access Denied: You don't have permission to access this page.";

interface AdminRoute {
  /** The route as the contract names it; also the test's name. */
  name: string;
  method: "GET" | "PATCH" | "DELETE";
  /** Builds the path and body against a fresh company owner, so every call has a real target. */
  request: (target: Account) => { path: string; body?: unknown };
}

const routes: AdminRoute[] = [
  { name: "GET /api/admin/stats", method: "GET", request: () => ({ path: "/api/admin/stats" }) },
  {
    name: "GET /api/admin/companies-detailed",
    method: "GET",
    request: () => ({ path: "/api/admin/companies-detailed" }),
  },
  {
    name: "GET /api/admin/companies/:id/details",
    method: "GET",
    request: (t) => ({ path: `/api/admin/companies/${companyIdOf(t)}/details` }),
  },
  {
    name: "PATCH /api/admin/companies/:id/status",
    method: "PATCH",
    request: (t) => ({ path: `/api/admin/companies/${companyIdOf(t)}/status`, body: { isActive: false } }),
  },
  {
    name: "PATCH /api/admin/companies/:id/reset-password",
    method: "PATCH",
    request: (t) => ({
      path: `/api/admin/companies/${companyIdOf(t)}/reset-password`,
      body: { password: "a-new-password" },
    }),
  },
  { name: "GET /api/admin/users", method: "GET", request: () => ({ path: "/api/admin/users" }) },
  {
    name: "PATCH /api/admin/users/:id/status",
    method: "PATCH",
    request: (t) => ({ path: `/api/admin/users/${t.user.id}/status`, body: { isActive: false } }),
  },
  {
    name: "PATCH /api/admin/users/bulk-status",
    method: "PATCH",
    request: (t) => ({ path: "/api/admin/users/bulk-status", body: { userIds: [t.user.id], isActive: false } }),
  },
  {
    name: "DELETE /api/admin/users/:id",
    method: "DELETE",
    request: (t) => ({ path: `/api/admin/users/${t.user.id}` }),
  },
  {
    name: "DELETE /api/admin/users/bulk-delete",
    method: "DELETE",
    request: (t) => ({ path: "/api/admin/users/bulk-delete", body: { userIds: [t.user.id] } }),
  },
  { name: "GET /api/admin/audit-log", method: "GET", request: () => ({ path: "/api/admin/audit-log" }) },
];

/** What a refused call must not have touched: the target user and its company. */
async function targetState(target: Account) {
  const user = await findUser(target.user.id);
  const company = await withDb((db) =>
    db
      .select({ isActive: companies.isActive })
      .from(companies)
      .where(eq(companies.id, companyIdOf(target))),
  );
  return { user, company };
}

describe("every admin route is enforced on the server", () => {
  let admin: Account;
  let user: Account;

  beforeAll(async () => {
    admin = await createAdminViaDb();
    user = await registerOwnerViaServices();
  });

  it.each(routes)("$name", async (route) => {
    const target = await registerOwnerViaServices();
    const { path, body } = route.request(target);
    const before = await targetState(target);

    const anonymous = await api(path, { method: route.method, body });
    expect(anonymous.status, `${route.method} ${path} anonymous`).toBe(401);
    expect(anonymous.body).toEqual({ code: "unauthorized", message: "Unauthorized" });

    const nonAdmin = await api(path, { method: route.method, body, token: user.token });
    expect(nonAdmin.status, `${route.method} ${path} as a user`).toBe(403);
    expect(nonAdmin.body).toEqual({ code: "forbidden", message: ACCESS_DENIED });

    expect(await targetState(target)).toEqual(before);

    const asAdmin = await api(path, { method: route.method, body, token: admin.token });
    expect(asAdmin.status, `${route.method} ${path} as an admin: ${JSON.stringify(asAdmin.body)}`).toBe(200);
  });

  it("guards paths that match no admin route too", async () => {
    expect((await api("/api/admin/nothing-here")).status).toBe(401);
    expect((await api("/api/admin/nothing-here", { token: user.token })).status).toBe(403);
    expect((await api("/api/admin/nothing-here", { token: admin.token })).status).toBe(404);
  });
});
