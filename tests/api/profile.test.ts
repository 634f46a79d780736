import { describe, expect, it } from "vitest";
import { loginViaApi, registerOwnerViaServices } from "./fixtures/accounts";
import { api } from "./fixtures/http";

const NEW_PASSWORD = "a-brand-new-password";

describe("profile", () => {
  it("updates the user's own names", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/profile", {
      method: "PUT",
      token: owner.token,
      body: { firstName: " Wanjiru ", lastName: "Kamau", email: "changed@example.com", role: "admin" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: owner.user.id, firstName: "Wanjiru", lastName: "Kamau", role: "user" });
    expect(res.body.email).toBe(owner.email);
    expect(res.body).not.toHaveProperty("password");
    const me = await api("/api/auth/user", { token: owner.token });
    expect(me.body).toMatchObject({ firstName: "Wanjiru", lastName: "Kamau", email: owner.email, role: "user" });
  });

  it("validates the names", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/profile", {
      method: "PUT",
      token: owner.token,
      body: { firstName: "", lastName: "x".repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(["firstName: First name is required", "lastName: Must be at most 100 characters"]);
    expect((await api("/api/profile", { method: "PUT", body: { firstName: "A", lastName: "B" } })).status).toBe(401);
  });
});

describe("password change", () => {
  it("changes the password and ends the user's other sessions only", async () => {
    const owner = await registerOwnerViaServices();
    const otherSession = await loginViaApi(owner.email, owner.password);
    const res = await api("/api/profile/password", {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
    expect((await api("/api/auth/user", { token: otherSession })).status).toBe(401);
    expect((await api("/api/login", { body: { email: owner.email, password: owner.password } })).status).toBe(401);
    expect(await loginViaApi(owner.email, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it("refuses a wrong current password and keeps everything as it was", async () => {
    const owner = await registerOwnerViaServices();
    const otherSession = await loginViaApi(owner.email, owner.password);
    const res = await api("/api/profile/password", {
      token: owner.token,
      body: { currentPassword: "not-my-password", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res).toMatchObject({ status: 400, body: { message: "Current password is incorrect" } });
    expect((await api("/api/auth/user", { token: otherSession })).status).toBe(200);
    expect(await loginViaApi(owner.email, owner.password)).toEqual(expect.any(String));
  });

  it("validates the new password and its confirmation", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/profile/password", {
      token: owner.token,
      body: { currentPassword: "", newPassword: "short", confirmPassword: "different" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      "currentPassword: Current password is required",
      "newPassword: Password must be at least 10 characters",
      "confirmPassword: Passwords don't match",
    ]);
  });
});
