import { describe, expect, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { api, unique } from "./fixtures/http";
import { emailsTo, tokenIn, waitForEmail, waitForEmails } from "../shared/inbox";

const SENT =
  "If an account exists for that email, we have sent it a link to reset the password. The link expires in 1 hour.";
const NEW_PASSWORD = "a-brand-new-password";

const requestReset = (email: string) => api("/api/password-reset", { body: { email } });
const confirmReset = (token: string, password = NEW_PASSWORD) =>
  api("/api/password-reset/confirm", { body: { token, password, confirmPassword: password } });

describe("password recovery", () => {
  it("emails a one-hour link that sets a new password, ends every session and works once", async () => {
    const owner = await registerOwnerViaApi();
    const reset = await requestReset(owner.email.toUpperCase());
    expect(reset.status).toBe(202);
    expect(reset.body).toEqual({ message: SENT });

    const email = await waitForEmail(owner.email, "Reset your ValuSeal password");
    expect(email.text).toContain("http://valuseal.test/reset-password?token=");
    expect(email.text).toContain("expires in 1 hour");
    expect(email.text).toContain("If you did not ask for this");
    const token = tokenIn(email, "/reset-password");

    const mismatch = await api("/api/password-reset/confirm", {
      body: { token, password: NEW_PASSWORD, confirmPassword: "something-else" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toContain("confirmPassword: Passwords don't match");
    expect((await confirmReset(token, "short")).body.errors).toContain(
      "password: Password must be at least 10 characters",
    );

    const done = await confirmReset(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Your password has been changed. Sign in with the new password.");
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(401);
    expect((await api("/api/login", { body: { email: owner.email, password: owner.password } })).status).toBe(401);
    expect((await api("/api/login", { body: { email: owner.email, password: NEW_PASSWORD } })).status).toBe(200);

    const reused = await confirmReset(token, "yet-another-password");
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("This link is invalid, has expired or was already used. Ask for a new one.");
  });

  it("answers an unknown email exactly as a known one, and sends nothing", async () => {
    const nobody = `${unique("nobody")}@example.com`;
    const res = await requestReset(nobody);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: SENT });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await emailsTo(nobody)).toEqual([]);
  });

  it("keeps only the newest link working", async () => {
    const owner = await registerOwnerViaApi();
    await requestReset(owner.email);
    await waitForEmail(owner.email, "Reset your ValuSeal password");
    await requestReset(owner.email);
    const [first, newest] = await waitForEmails(owner.email, (email) => email.subject.includes("Reset"), { count: 2 });
    expect((await confirmReset(tokenIn(first!, "/reset-password"))).status).toBe(400);
    expect((await confirmReset(tokenIn(newest!, "/reset-password"))).status).toBe(200);
  });
});
