import { describe, expect, it } from "vitest";
import { signInViaApi, uniqueEmail } from "./fixtures/accounts";
import { runAdminCreate } from "./fixtures/admins";
import { apiCall } from "./fixtures/http";

describe("npm run admin:create", () => {
  it("creates an administrator who can sign in, and running it again resets the password", async () => {
    const email = uniqueEmail("admin");
    const first = await runAdminCreate(email, "first-password-1");
    expect(first.stdout).toContain(`Administrator ${email} created`);
    expect((await signInViaApi(email, "first-password-1")).user).toMatchObject({ role: "admin", isActive: true });

    const again = await runAdminCreate(email, "second-password-2");
    expect(again.stdout).toContain(`${email} is now an active administrator`);
    await expect(signInViaApi(email, "first-password-1")).rejects.toThrow(/401/);
    expect((await signInViaApi(email, "second-password-2")).user.role).toBe("admin");
  });

  it("promotes an existing user and refuses a short password", async () => {
    const email = uniqueEmail("owner");
    await apiCall("/api/register", {
      body: {
        firstName: "Op",
        lastName: "Erator",
        name: "Op Co",
        email,
        password: "valuation-desk-7741",
        confirmPassword: "valuation-desk-7741",
      },
    });
    await runAdminCreate(email, "promoted-pass-3");
    expect((await signInViaApi(email, "promoted-pass-3")).user.role).toBe("admin");
    await expect(runAdminCreate(uniqueEmail("short"), "short")).rejects.toMatchObject({
      stderr: expect.stringContaining("at least 10 characters"),
    });
  });
});
