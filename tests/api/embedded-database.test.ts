import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#schema/tables.ts";
import { registerUnconfirmedOwnerViaApi } from "./fixtures/accounts";
import { withDb } from "./fixtures/database";

describe("the database under concurrent requests", () => {
  it("keeps 8 simultaneous registrations through the API apart (each gets its own user and company)", async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => registerUnconfirmedOwnerViaApi()));
    const ids = new Set(accounts.map((account) => account.user.id));
    expect(ids.size).toBe(8);
    for (const account of accounts) {
      const [row] = await withDb((db) =>
        db.select({ email: users.email, companyId: users.companyId }).from(users).where(eq(users.id, account.user.id)),
      );
      expect(row).toEqual({ email: account.email, companyId: account.user.company!.id });
    }
  });
});

describe("the database's settings", () => {
  it("compiles no query just in time: a session the Worker opens after the migrations has JIT off", async () => {
    // Queries over the partitioned scan history are costed before their partitions are pruned;
    // with JIT on, Postgres spent most of a second compiling a 2 ms chart query (migration 0024).
    const { rows } = await withDb((db) => db.execute<{ jit: string }>(sql`SHOW jit`));
    expect(rows[0]?.jit).toBe("off");
  });
});
