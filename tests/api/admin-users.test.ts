import { and, eq, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, qrCodes, users } from "#schema/tables.ts";
import { ADMIN_BULK_LIMIT } from "#schema/validation/admin.ts";
import type { Transaction } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { setUsersActive } from "#worker/services/accounts/users.ts";
import { deleteUsersNow } from "#worker/services/privacy/closing.ts";
import {
  type Account,
  companyIdOf,
  findUser,
  loginViaApi,
  registerOwnerViaServices,
  sessionCount,
} from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb } from "./fixtures/admins";
import { countCompanyRows, insertCompanyData } from "./fixtures/companies";
import { inRolledBackTransaction, inSequence, withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { insertMember } from "./fixtures/team";

const UNKNOWN_ID = 2_000_000_000;
const FULL_COMPANY = { companies: 1, valuers: 3, qrCodes: 3, scanEvents: 6 };

/** What an administrator's delete leaves of the account: a tombstone, and the firm it owned closed. */
async function erasure(userId: number) {
  return withDb(async (db) => {
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName, erasedAt: users.erasedAt, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId));
    return user;
  });
}

const closedAtOf = (companyId: number) =>
  withDb(async (db) => {
    const [company] = await db
      .select({ closedAt: companies.closedAt })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company?.closedAt ?? null;
  });

const anyTokenOf = (companyId: number) =>
  withDb(async (db) => {
    const [code] = await db
      .select({ token: qrCodes.publicToken })
      .from(qrCodes)
      .where(eq(qrCodes.companyId, companyId))
      .limit(1);
    return code!.token;
  });

let admin: Account;
beforeAll(async () => {
  admin = await createAdminViaDb();
});

const asAdmin = (path: string, options: { method?: string; body?: unknown } = {}) =>
  api(path, { ...options, token: admin.token });

/** The current-user call every screen makes: 401 once the session is gone. */
const currentUserStatus = async (account: Account) => (await api("/api/auth/user", { token: account.token })).status;

async function ownerWithData() {
  const owner = await registerOwnerViaServices();
  await insertCompanyData(companyIdOf(owner));
  return owner;
}

describe("GET /api/admin/users", () => {
  it("lists users with their company and never the password", async () => {
    const owner = await registerOwnerViaServices();
    const res = await asAdmin(`/api/admin/users?search=${encodeURIComponent(owner.email)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        email: owner.email,
        firstName: "Olive",
        lastName: "Owner",
        role: "user",
        isActive: true,
        companyId: companyIdOf(owner),
        company: { id: companyIdOf(owner), name: owner.user.company!.name },
      }),
    ]);
    expect(res.body[0]).not.toHaveProperty("password");

    const self = await asAdmin(`/api/admin/users?search=${encodeURIComponent(admin.email)}`);
    expect(self.body).toEqual([expect.objectContaining({ id: admin.user.id, role: "admin", company: null })]);
  });

  it("pages newest first when asked for a page", async () => {
    const tag = unique("paged");
    let n = 0;
    const created = await inSequence(3, () => registerOwnerViaServices({ email: `${tag}${n++}@example.com` }));
    const first = await asAdmin(`/api/admin/users?search=${tag}&page=1&pageSize=2`);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.body.items.map((u: { id: number }) => u.id)).toEqual([created[2]!.user.id, created[1]!.user.id]);
    const second = await asAdmin(`/api/admin/users?search=${tag}&page=2&pageSize=2`);
    expect(second.body.items.map((u: { id: number }) => u.id)).toEqual([created[0]!.user.id]);
    expect((await asAdmin("/api/admin/users?page=0")).status).toBe(400);
    expect((await asAdmin("/api/admin/users?pageSize=101")).status).toBe(400);
  });
});

describe("PATCH /api/admin/users/:id/status", () => {
  it("deactivates a user, ends their sessions at once, and reactivates them", async () => {
    const owner = await registerOwnerViaServices();
    const secondSession = { ...owner, token: await loginViaApi(owner.email, owner.password) };

    const off = await asAdmin(`/api/admin/users/${owner.user.id}/status`, {
      method: "PATCH",
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: "User deactivated", user: { id: owner.user.id, isActive: false } });
    expect(await currentUserStatus(owner)).toBe(401);
    expect(await currentUserStatus(secondSession)).toBe(401);
    expect(await sessionCount(owner.user.id)).toBe(0);
    expect((await api("/api/login", { body: { email: owner.email, password: owner.password } })).status).toBe(403);

    const on = await asAdmin(`/api/admin/users/${owner.user.id}/status`, { method: "PATCH", body: { isActive: true } });
    expect(on.body).toEqual({ message: "User activated", user: { id: owner.user.id, isActive: true } });
    await loginViaApi(owner.email, owner.password);

    const audit = await auditEntriesFor("user", [owner.user.id]);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        actorEmail: admin.email,
        action: "user.deactivated",
        targetId: owner.user.id,
        details: { email: owner.email },
      }),
      expect.objectContaining({ action: "user.activated", targetId: owner.user.id }),
    ]);
  });

  it("does not log a change when the status is already the requested one", async () => {
    const owner = await registerOwnerViaServices();
    const res = await asAdmin(`/api/admin/users/${owner.user.id}/status`, {
      method: "PATCH",
      body: { isActive: true },
    });
    expect(res.status).toBe(200);
    expect(await auditEntriesFor("user", [owner.user.id])).toEqual([]);
  });

  it("answers 404 for unknown users and 400 for a missing status", async () => {
    const body = { isActive: false };
    expect((await asAdmin(`/api/admin/users/${UNKNOWN_ID}/status`, { method: "PATCH", body })).body).toEqual({
      code: "not_found",
      message: "User not found",
    });
    expect((await asAdmin("/api/admin/users/abc/status", { method: "PATCH", body })).status).toBe(404);
    const invalid = await asAdmin(`/api/admin/users/${admin.user.id}/status`, { method: "PATCH", body: {} });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(["isActive: isActive must be true or false"]);
  });

  it("lets an admin deactivate another admin while one stays active", async () => {
    const other = await createAdminViaDb();
    const res = await asAdmin(`/api/admin/users/${other.user.id}/status`, {
      method: "PATCH",
      body: { isActive: false },
    });
    expect(res.status).toBe(200);
    expect(await currentUserStatus(other)).toBe(401);
  });
});

describe("an admin cannot remove themselves", () => {
  it("refuses self-deactivation and self-deletion, singly and in bulk, changing nothing", async () => {
    const bystander = await registerOwnerViaServices();
    const auditBefore = await auditEntriesFor("user", [bystander.user.id, admin.user.id]);
    const refusals = [
      {
        path: `/api/admin/users/${admin.user.id}/status`,
        method: "PATCH",
        body: { isActive: false },
        message: "You cannot deactivate your own account",
      },
      {
        path: "/api/admin/users/bulk-status",
        method: "PATCH",
        body: { userIds: [bystander.user.id, admin.user.id], isActive: false },
        message: "You cannot deactivate your own account",
      },
      { path: `/api/admin/users/${admin.user.id}`, method: "DELETE", message: "You cannot delete your own account" },
      {
        path: "/api/admin/users/bulk-delete",
        method: "DELETE",
        body: { userIds: [bystander.user.id, admin.user.id] },
        message: "You cannot delete your own account",
      },
    ];
    for (const { message, ...request } of refusals) {
      const res = await asAdmin(request.path, request);
      expect(res.status, request.path).toBe(400);
      expect(res.body).toEqual({ code: "invalid_request", message });
    }
    expect(await findUser(bystander.user.id)).toMatchObject({ isActive: true });
    expect(await currentUserStatus(bystander)).toBe(200);
    expect(await currentUserStatus(admin)).toBe(200);
    expect(await auditEntriesFor("user", [bystander.user.id, admin.user.id])).toEqual(auditBefore);
  });
});

describe("the last active administrator", () => {
  /**
   * Through the API the acting admin is always active and cannot target themselves, so one admin
   * always remains — except when two admins remove each other at the same moment. This reproduces
   * the second of those requests: the actor was just deactivated by the first, in the same transaction
   * the guard runs in, which is then rolled back.
   */
  async function whenOnlyTargetRemainsActive(work: (tx: Transaction, target: Account) => Promise<void>) {
    const target = await createAdminViaDb();
    await inRolledBackTransaction(async (tx) => {
      await tx
        .update(users)
        .set({ isActive: false })
        .where(and(eq(users.role, "admin"), ne(users.id, target.user.id)));
      await work(tx, target);
    });
    return target;
  }

  it("cannot be deactivated or deleted (clear 400)", async () => {
    const refusals: unknown[] = [];
    const target = await whenOnlyTargetRemainsActive(async (tx, target) => {
      const actor = { id: admin.user.id, email: admin.email };
      for (const attempt of [
        () => setUsersActive(tx, actor, [target.user.id], false),
        () => deleteUsersNow(tx, actor, [target.user.id]),
      ]) {
        refusals.push(await attempt().catch((error: unknown) => error));
      }
    });
    expect(refusals).toHaveLength(2);
    expect(refusals.every((error) => error instanceof ApiError && error.status === 400)).toBe(true);
    expect((refusals as ApiError[]).map((error) => error.message)).toEqual([
      "The last active administrator cannot be deactivated",
      "The last active administrator cannot be deleted",
    ]);
    expect(await findUser(target.user.id)).toMatchObject({ isActive: true });
  });
});

describe("PATCH /api/admin/users/bulk-status", () => {
  it("changes only users whose status differs and reports how many changed", async () => {
    const [a, b, c, d] = (await inSequence(4, registerOwnerViaServices)) as [Account, Account, Account, Account];
    await withDb((db) => db.update(users).set({ isActive: false }).where(eq(users.id, d.user.id)));
    const ids = [a, b, c, d].map((account) => account.user.id);

    const off = await asAdmin("/api/admin/users/bulk-status", {
      method: "PATCH",
      body: { userIds: [...ids, a.user.id, UNKNOWN_ID], isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: "3 users deactivated", updated: 3 });
    for (const account of [a, b, c]) expect(await currentUserStatus(account)).toBe(401);
    expect((await auditEntriesFor("user", ids)).map((entry) => [entry.action, entry.targetId])).toEqual(
      expect.arrayContaining([a, b, c].map((account) => ["user.deactivated", account.user.id])),
    );
    expect(await auditEntriesFor("user", [d.user.id])).toEqual([]);

    const on = await asAdmin("/api/admin/users/bulk-status", {
      method: "PATCH",
      body: { userIds: [a.user.id], isActive: true },
    });
    expect(on.body).toEqual({ message: "1 user activated", updated: 1 });
  });

  it("validates the ids: 1 to 500 whole numbers", async () => {
    const tooMany = Array.from({ length: ADMIN_BULK_LIMIT + 1 }, (_, i) => i + 1);
    const cases: [unknown, string][] = [
      [{ userIds: [], isActive: false }, "userIds: Select at least one user"],
      [{ userIds: tooMany, isActive: false }, "userIds: At most 500 users at a time"],
      [{ userIds: ["1"], isActive: false }, "userIds.0: User ids must be numbers"],
      [{ userIds: [1.5], isActive: false }, "userIds.0: User ids must be whole numbers"],
      [{ userIds: [1] }, "isActive: isActive must be true or false"],
    ];
    for (const [body, error] of cases) {
      const res = await asAdmin("/api/admin/users/bulk-status", { method: "PATCH", body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: "invalid_request", message: "Validation failed", errors: [error] });
    }
  });
});

describe("DELETE /api/admin/users/:id", () => {
  it("erases the user, closes the firm they own with its team, and keeps its codes verifiable", async () => {
    const owner = await ownerWithData();
    const memberId = await insertMember(companyIdOf(owner));
    expect(await countCompanyRows(companyIdOf(owner))).toEqual(FULL_COMPANY);

    const res = await asAdmin(`/api/admin/users/${owner.user.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "User deleted" });
    expect(await erasure(owner.user.id)).toMatchObject({
      email: `erased-${owner.user.id}@erased.invalid`,
      firstName: null,
      isActive: false,
      erasedAt: expect.any(Date),
    });
    expect(await erasure(memberId)).toMatchObject({ email: `erased-${memberId}@erased.invalid`, isActive: false });
    expect(await sessionCount(owner.user.id)).toBe(0);
    expect(await currentUserStatus(owner)).toBe(401);
    expect((await api("/api/login", { body: { email: owner.email, password: owner.password } })).status).toBe(401);

    // Nothing issued goes: the firm is closed, and its certificates say so.
    expect(await countCompanyRows(companyIdOf(owner))).toEqual(FULL_COMPANY);
    const closedAt = await closedAtOf(companyIdOf(owner));
    expect(closedAt).toBeInstanceOf(Date);
    const certificate = await api(`/api/public/certificates/${await anyTokenOf(companyIdOf(owner))}`);
    expect(certificate.status).toBe(200);
    expect(certificate.body.issuerClosedAt).toBe(closedAt!.toISOString());

    // The entry still says what was deleted, with the address erased too.
    expect(await auditEntriesFor("user", [owner.user.id])).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorEmail: admin.email,
          action: "user.deleted",
          details: {
            email: `erased-${owner.user.id}@erased.invalid`,
            role: "user",
            companies: [{ id: companyIdOf(owner), name: owner.user.company!.name }],
          },
        }),
        expect.objectContaining({ action: "user.erased", targetId: owner.user.id }),
      ]),
    );
    // An erased account is gone from the list and cannot be deleted again.
    const listed = await asAdmin(`/api/admin/users?search=${encodeURIComponent(`erased-${owner.user.id}@`)}`);
    expect(listed.body).toEqual([]);
    expect((await asAdmin(`/api/admin/users/${owner.user.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers 404 for an unknown user", async () => {
    const res = await asAdmin(`/api/admin/users/${UNKNOWN_ID}`, { method: "DELETE" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "User not found" });
  });
});

describe("DELETE /api/admin/users/bulk-delete", () => {
  it("erases every listed user and closes what they own, ignoring unknown ids", async () => {
    const owners = await inSequence(3, ownerWithData);
    const res = await asAdmin("/api/admin/users/bulk-delete", {
      method: "DELETE",
      body: { userIds: [...owners.map((owner) => owner.user.id), UNKNOWN_ID] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "3 users deleted", deleted: 3 });
    for (const owner of owners) {
      expect(await erasure(owner.user.id)).toMatchObject({ erasedAt: expect.any(Date) });
      expect(await closedAtOf(companyIdOf(owner))).toBeInstanceOf(Date);
      expect(await countCompanyRows(companyIdOf(owner))).toEqual(FULL_COMPANY);
    }
    const deletions = await auditEntriesFor(
      "user",
      owners.map((owner) => owner.user.id),
    );
    expect(deletions.filter((entry) => entry.action === "user.deleted")).toHaveLength(3);
  });

  async function expectNothingDeleted(owners: Account[]) {
    for (const owner of owners) {
      expect(await erasure(owner.user.id)).toMatchObject({ isActive: true, erasedAt: null, email: owner.email });
      expect(await closedAtOf(companyIdOf(owner))).toBeNull();
      expect(await countCompanyRows(companyIdOf(owner))).toEqual(FULL_COMPANY);
      expect(await currentUserStatus(owner)).toBe(200);
    }
    expect(
      await auditEntriesFor(
        "user",
        owners.map((owner) => owner.user.id),
      ),
    ).toEqual([]);
  }

  it("deletes nothing when one of the users may not be deleted", async () => {
    const owners = await inSequence(2, ownerWithData);
    const res = await asAdmin("/api/admin/users/bulk-delete", {
      method: "DELETE",
      body: { userIds: [owners[0]!.user.id, admin.user.id, owners[1]!.user.id] },
    });
    expect(res.status).toBe(400);
    await expectNothingDeleted(owners);
  });

  it("deletes nothing when the database fails on one of the users", async () => {
    const owners = await inSequence(3, ownerWithData);
    const failing = owners[1]!.user.id;
    // A trigger that refuses to erase exactly one of the three rows, as a real constraint failure would.
    const trigger = `refuse_delete_${failing}`;
    await withDb(async (db) => {
      await db.execute(
        sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
          begin raise exception 'refused by test trigger'; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger ${trigger} before update on users
          for each row when (old.id = ${failing}) execute function ${trigger}()`),
      );
    });
    try {
      const res = await asAdmin("/api/admin/users/bulk-delete", {
        method: "DELETE",
        body: { userIds: owners.map((owner) => owner.user.id) },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: "internal_error", message: "Something went wrong. Please try again." });
    } finally {
      await withDb(async (db) => {
        await db.execute(sql.raw(`drop trigger ${trigger} on users`));
        await db.execute(sql.raw(`drop function ${trigger}()`));
      });
    }
    await expectNothingDeleted(owners);
    // The same request succeeds once the failure is gone, so the refusal above was the trigger's.
    const retry = await asAdmin("/api/admin/users/bulk-delete", {
      method: "DELETE",
      body: { userIds: owners.map((owner) => owner.user.id) },
    });
    expect(retry.body).toEqual({ message: "3 users deleted", deleted: 3 });
  });

  it("validates the ids", async () => {
    const res = await asAdmin("/api/admin/users/bulk-delete", { method: "DELETE", body: { userIds: [] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "invalid_request",
      message: "Validation failed",
      errors: ["userIds: Select at least one user"],
    });
  });
});
