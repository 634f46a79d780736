import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../schema/tables";
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
