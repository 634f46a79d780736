import { describe, expect, it } from "vitest";
import { confirmEmailViaInbox, registerOwnerViaApi, registerUnconfirmedOwnerViaApi } from "./fixtures/accounts";
import { api, inOneRateLimitWindow, unique } from "./fixtures/http";
import { emailsTo, tokenIn, waitForEmail, waitForEmails } from "../shared/inbox";
import { codeInput } from "./fixtures/codes";
import { createValuerViaApi } from "./fixtures/valuers";

describe("email confirmation", () => {
  it("emails a one-time link on registration; codes are refused until it is followed", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    expect((await api("/api/auth/user", { token: owner.token })).body.emailVerified).toBe(false);

    const email = await waitForEmail(owner.email, "Confirm your email");
    expect(email.from[0]!.address).toBe("no-reply@valuseal.test");
    expect(email.text).toContain("ValuSeal");
    expect(email.text).toContain("http://valuseal.test/confirm-email?token=");
    expect(email.text).toContain("expires in 24 hours");
    expect(email.text).toContain("If you did not create a ValuSeal account");
    expect(email.html).toContain("/confirm-email?token=");

    const valuer = await createValuerViaApi(owner.token);
    const refused = await api("/api/qr-codes", { token: owner.token, body: codeInput(valuer.id) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Confirm your email to issue codes: follow the link we sent to ${owner.email}, or ask for a new one.`,
    );

    const token = tokenIn(email, "/confirm-email");
    const confirmed = await api("/api/auth/confirm-email", { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: `Your email ${owner.email} is confirmed.`,
      purpose: "confirm-email",
      email: owner.email,
    });
    expect((await api("/api/auth/user", { token: owner.token })).body.emailVerified).toBe(true);
    expect((await api("/api/qr-codes", { token: owner.token, body: codeInput(valuer.id) })).status).toBe(201);

    const again = await api("/api/auth/confirm-email", { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This link is invalid, has expired or was already used. Ask for a new one.");
  });

  it("resends a new link that replaces the old one, and refuses once the email is confirmed", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    const first = await waitForEmail(owner.email, "Confirm your email");

    const resent = await api("/api/auth/resend-confirmation", { method: "POST", token: owner.token });
    expect(resent.status).toBe(202);
    expect(resent.body.message).toBe(`We sent a new confirmation link to ${owner.email}.`);
    const [, second] = await waitForEmails(owner.email, (email) => email.subject.includes("Confirm your email"), {
      count: 2,
    });

    const stale = await api("/api/auth/confirm-email", { body: { token: tokenIn(first, "/confirm-email") } });
    expect(stale.status).toBe(400);
    expect((await api("/api/auth/confirm-email", { body: { token: tokenIn(second!, "/confirm-email") } })).status).toBe(
      200,
    );

    const done = await api("/api/auth/resend-confirmation", { method: "POST", token: owner.token });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe("Your email is already confirmed");
  });

  it("limits resends per email, from whatever address", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    const statuses = await inOneRateLimitWindow(10_000, async () => {
      const answers: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push((await api("/api/auth/resend-confirmation", { method: "POST", token: owner.token })).status);
      }
      return answers;
    });
    expect(statuses.slice(0, 3)).toEqual([202, 202, 202]);
    expect(statuses[3]).toBe(429);
  });

  it("refuses malformed and unknown links without revealing anything", async () => {
    for (const token of ["", "short", "x".repeat(32), "<script>"]) {
      const res = await api("/api/auth/confirm-email", { body: { token } });
      expect(res.status, token).toBe(400);
    }
  });

  it("counts the helper's confirmation as a real one (the named helper reads the inbox)", async () => {
    const owner = await registerUnconfirmedOwnerViaApi({ email: `${unique("helper")}@example.com` });
    expect((await confirmEmailViaInbox(owner.email)).purpose).toBe("confirm-email");
    expect((await emailsTo(owner.email)).length).toBe(1);
  });
});

describe("changing an email", () => {
  it("changes a company's email only once the new address confirms it, and tells the old one", async () => {
    const owner = await registerOwnerViaApi();
    const company = (await api("/api/companies/current", { token: owner.token })).body;
    const newEmail = `${unique("new-desk")}@example.com`;
    const saved = await api("/api/companies/current", {
      method: "PUT",
      token: owner.token,
      body: {
        name: company.name,
        email: newEmail,
        phone: company.phone,
        location: company.location,
        currentPassword: owner.password,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ email: company.email, pendingEmail: { email: newEmail } });

    const notice = await waitForEmail(company.email, "a change of email was requested");
    expect(notice.text).toContain(newEmail);
    const link = await waitForEmail(newEmail, "Confirm your new email");
    const confirmed = await api("/api/auth/confirm-email", { body: { token: tokenIn(link, "/confirm-email") } });
    expect(confirmed.body).toEqual({
      message: `The company's email is now ${newEmail}.`,
      purpose: "change-company-email",
      email: newEmail,
    });
    expect((await api("/api/companies/current", { token: owner.token })).body).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
  });

  it("changes the user's sign-in email only once the new address confirms it", async () => {
    const owner = await registerOwnerViaApi();
    const newEmail = `${unique("moved")}@example.com`;
    const wrong = await api("/api/profile/email", {
      method: "PUT",
      token: owner.token,
      body: { email: newEmail, currentPassword: "not-my-password" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Current password is incorrect" } });
    const asked = await api("/api/profile/email", {
      method: "PUT",
      token: owner.token,
      body: { email: newEmail, currentPassword: owner.password },
    });
    expect(asked.status).toBe(202);
    expect((await api("/api/profile/email", { token: owner.token })).body).toMatchObject({
      email: owner.email,
      pending: { email: newEmail },
    });
    expect((await api("/api/login", { body: { email: owner.email, password: owner.password } })).status).toBe(200);

    await waitForEmail(owner.email, "a change of email was requested");
    const link = await waitForEmail(newEmail, "Confirm your new email");
    expect((await api("/api/auth/confirm-email", { body: { token: tokenIn(link, "/confirm-email") } })).status).toBe(
      200,
    );
    expect((await api("/api/auth/user", { token: owner.token })).body).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    expect((await api("/api/login", { body: { email: newEmail, password: owner.password } })).status).toBe(200);
  });

  it("sends no link to a company email another company uses: only that mailbox is told, and the answer is the usual", async () => {
    const first = await registerOwnerViaApi();
    const second = await registerOwnerViaApi();
    const company = (await api("/api/companies/current", { token: second.token })).body;
    const res = await api("/api/companies/current", {
      method: "PUT",
      token: second.token,
      body: {
        name: company.name,
        email: first.email,
        phone: company.phone,
        location: company.location,
        currentPassword: second.password,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.pendingEmail.email).toBe(first.email);
    const told = await waitForEmail(first.email, "this address is already in use");
    expect(told.text).toContain("already belongs to another company there, so nothing was changed");
    expect(told.text).not.toContain("/confirm-email");
  });
});
