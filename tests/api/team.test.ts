import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invites, users } from "#schema/tables.ts";
import { sha256Hex } from "#worker/lib/random.ts";
import { MEMBER_PASSWORD } from "../shared/accounts";
import { loginViaApi, registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { createCompanyWithMember, setCompanyActiveInDb } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { api, ORIGIN, unique } from "./fixtures/http";
import { acceptInviteViaApi, addMemberViaApi, inviteMemberViaApi } from "./fixtures/team";
import { linkIn, waitForEmail, waitForEmails } from "../shared/inbox";

const HAS_ACCOUNT =
  "This email already has a ValuSeal account, and an account belongs to one company, so it cannot accept this invitation. Ask the company to invite another address.";
import { createValuerViaApi } from "./fixtures/valuers";

const INVALID = { status: 404, body: { message: "This invite link is invalid or has expired" } };
const TEAM_OWNER_ONLY = { status: 403, body: { message: "Only the company owner can manage the team" } };

describe("invites", () => {
  it("emails a one-time link valid for 7 days, never shows it to the inviter, and stores only the token's hash", async () => {
    const owner = await registerOwnerViaServices();
    const email = `${unique("Invitee")}@Example.com`;
    const before = Date.now();
    const invite = await inviteMemberViaApi(owner.token, email);
    expect(invite).toMatchObject({ id: expect.any(Number), email });
    expect(invite).not.toHaveProperty("inviteUrl");
    expect(JSON.stringify(await api("/api/team", { token: owner.token }))).not.toContain(invite.token);
    const invitation = await waitForEmail(email, "invited to join a team");
    // Nothing the inviter typed (a company name, their own name) is in the subject.
    expect(invitation.subject).toBe("You are invited to join a team on ValuSeal");
    expect(invitation.text).toContain(`Olive Owner invited you to join ${owner.user.company!.name} on ValuSeal`);
    expect(invitation.text).toContain(`${ORIGIN}/invite/${invite.token}`);
    expect(invitation.text).toContain("This link works once and expires on");
    expect(invitation.text).toContain("If you don't know this company");
    expect(invite.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const validFor = new Date(invite.expiresAt).getTime() - before;
    expect(validFor).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);

    const [row] = await withDb((db) => db.select().from(invites).where(eq(invites.id, invite.id)));
    expect(row!.tokenHash).toBe(await sha256Hex(invite.token));
    expect(JSON.stringify(row)).not.toContain(invite.token);

    const preview = await api(`/api/invites/${invite.token}`);
    expect(preview).toMatchObject({
      status: 200,
      body: { companyName: owner.user.company!.name, email, expiresAt: invite.expiresAt },
    });
  });

  it("joins the invitee as a member, once", async () => {
    const owner = await registerOwnerViaServices();
    const invite = await inviteMemberViaApi(owner.token);
    const res = await acceptInviteViaApi(invite.token, {
      email: "someone-else@example.com",
      role: "admin",
      companyId: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({
      email: invite.email,
      firstName: "Mary",
      lastName: "Member",
      role: "user",
      companyId: owner.user.companyId,
      company: { id: owner.user.companyId, ownerId: owner.user.id },
    });
    expect((await api("/api/auth/user", { token: res.body.token })).status).toBe(200);
    expect(await loginViaApi(invite.email, MEMBER_PASSWORD)).toEqual(expect.any(String));

    expect(await acceptInviteViaApi(invite.token)).toMatchObject(INVALID);
    expect(await api(`/api/invites/${invite.token}`)).toMatchObject(INVALID);
  });

  it("validates the invitee's form", async () => {
    const owner = await registerOwnerViaServices();
    const invite = await inviteMemberViaApi(owner.token);
    const res = await acceptInviteViaApi(invite.token, { firstName: "", password: "short", confirmPassword: "other" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      "firstName: First name is required",
      "password: Password must be at least 10 characters",
      "confirmPassword: Passwords don't match",
    ]);
    expect((await api(`/api/invites/${invite.token}`)).status).toBe(200);
  });

  it("refuses unknown, malformed, expired and cancelled links", async () => {
    const owner = await registerOwnerViaServices();
    expect(await api(`/api/invites/${"A".repeat(32)}`)).toMatchObject(INVALID);
    expect(await api("/api/invites/short")).toMatchObject(INVALID);
    expect(await acceptInviteViaApi("not-a-token")).toMatchObject(INVALID);

    const expired = await inviteMemberViaApi(owner.token);
    await withDb((db) =>
      db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invites.id, expired.id)),
    );
    expect(await api(`/api/invites/${expired.token}`)).toMatchObject(INVALID);
    expect(await acceptInviteViaApi(expired.token)).toMatchObject(INVALID);

    const cancelled = await inviteMemberViaApi(owner.token);
    const del = await api(`/api/team/invites/${cancelled.id}`, { method: "DELETE", token: owner.token });
    expect(del).toMatchObject({ status: 200, body: { message: "Invite cancelled" } });
    expect(await acceptInviteViaApi(cancelled.token)).toMatchObject(INVALID);
  });

  it("replaces an earlier pending invite for the same email", async () => {
    const owner = await registerOwnerViaServices();
    const email = `${unique("again")}@example.com`;
    const first = await inviteMemberViaApi(owner.token, email);
    const second = await inviteMemberViaApi(owner.token, email.toUpperCase());
    expect(await api(`/api/invites/${first.token}`)).toMatchObject(INVALID);
    expect((await api(`/api/invites/${second.token}`)).status).toBe(200);
    const team = await api("/api/team", { token: owner.token });
    expect(team.body.invites.map((i: { id: number }) => i.id)).toEqual([second.id]);
  });

  it("answers an address that already has an account like any other, and tells that person instead", async () => {
    const owner = await registerOwnerViaServices();
    const other = await registerOwnerViaServices();
    const typed = other.email.toUpperCase();
    const res = await api("/api/team/invites", { token: owner.token, body: { email: typed } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "email", "expiresAt", "id"]);
    // Sent to the address as the owner typed it (mail servers treat case as the same mailbox).
    const told = await waitForEmail(typed, "invited to join a team");
    expect(told.text).toContain("already has a ValuSeal account, and an account belongs to one company");
    expect(told.text).not.toContain("/invite/");

    const invite = await inviteMemberViaApi(owner.token);
    await registerOwnerViaServices({ email: invite.email });
    expect((await api(`/api/invites/${invite.token}`)).body.hasAccount).toBe(true);
    expect(await acceptInviteViaApi(invite.token)).toMatchObject({ status: 409, body: { message: HAS_ACCOUNT } });
  });

  it("resends a pending invite with a new link; the old link stops working", async () => {
    const owner = await registerOwnerViaServices();
    const invite = await inviteMemberViaApi(owner.token);
    const resent = await api(`/api/team/invites/${invite.id}/resend`, { method: "POST", token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: invite.id, email: invite.email });
    const [, newest] = await waitForEmails(invite.email, (email) => email.subject.includes("invited to join a team"), {
      count: 2,
    });
    const token = linkIn(newest!, "/invite/").pathname.split("/invite/")[1]!;
    expect(await api(`/api/invites/${invite.token}`)).toMatchObject(INVALID);
    expect((await acceptInviteViaApi(token)).status).toBe(201);
    expect((await api(`/api/team/invites/${invite.id}/resend`, { method: "POST", token: owner.token })).status).toBe(
      404,
    );
  });

  it("validates the invite email", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/team/invites", { token: owner.token, body: { email: "nope" } });
    expect(res).toMatchObject({ status: 400, body: { errors: ["email: Invalid email address"] } });
  });

  it("stops invites of a deactivated company", async () => {
    const owner = await registerOwnerViaServices();
    const invite = await inviteMemberViaApi(owner.token);
    await setCompanyActiveInDb(owner.user.companyId!, false);
    expect(await api(`/api/invites/${invite.token}`)).toMatchObject(INVALID);
    expect(await acceptInviteViaApi(invite.token)).toMatchObject(INVALID);
    expect((await api("/api/team/invites", { token: owner.token, body: { email: "x@example.com" } })).status).toBe(403);
  });
});

describe("team", () => {
  it("lists members and pending invites for the owner", async () => {
    const { owner, member } = await createCompanyWithMember();
    const pending = await inviteMemberViaApi(owner.token);
    const used = await inviteMemberViaApi(owner.token);
    await acceptInviteViaApi(used.token);
    const res = await api("/api/team", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.members).toHaveLength(3);
    expect(res.body.members[0]).toEqual({
      id: owner.user.id,
      email: owner.email,
      firstName: "Olive",
      lastName: "Owner",
      isOwner: true,
      isActive: true,
      createdAt: expect.any(String),
    });
    expect(res.body.members[1]).toMatchObject({ id: member.user.id, isOwner: false, isActive: true });
    expect(res.body.invites).toEqual([
      { id: pending.id, email: pending.email, expiresAt: pending.expiresAt, createdAt: expect.any(String) },
    ]);
  });

  it("lets members work with codes and valuers but not manage the team", async () => {
    const { owner, member } = await createCompanyWithMember();
    expect((await api("/api/valuers", { token: member.token })).body).toHaveLength(1);
    expect((await api("/api/qr-codes", { token: member.token })).status).toBe(200);
    const pending = await inviteMemberViaApi(owner.token);
    expect(await api("/api/team", { token: member.token })).toMatchObject(TEAM_OWNER_ONLY);
    expect(await api("/api/team/invites", { token: member.token, body: { email: "x@example.com" } })).toMatchObject(
      TEAM_OWNER_ONLY,
    );
    expect(await api(`/api/team/invites/${pending.id}`, { method: "DELETE", token: member.token })).toMatchObject(
      TEAM_OWNER_ONLY,
    );
    expect(await api(`/api/team/members/${owner.user.id}`, { method: "DELETE", token: member.token })).toMatchObject(
      TEAM_OWNER_ONLY,
    );
  });

  it("removes a member: their sessions end and they can no longer sign in", async () => {
    const owner = await registerOwnerViaServices();
    await createValuerViaApi(owner.token);
    const member = await addMemberViaApi(owner);
    const secondSession = await loginViaApi(member.email, member.password);

    const res = await api(`/api/team/members/${member.user.id}`, { method: "DELETE", token: owner.token });
    expect(res).toMatchObject({ status: 200, body: { message: "Member removed" } });
    expect((await api("/api/auth/user", { token: member.token })).status).toBe(401);
    expect((await api("/api/auth/user", { token: secondSession })).status).toBe(401);
    expect((await api("/api/login", { body: { email: member.email, password: member.password } })).status).toBe(403);
    const [row] = await withDb((db) => db.select().from(users).where(eq(users.id, member.user.id)));
    expect(row).toMatchObject({ companyId: null, isActive: false });
    const team = await api("/api/team", { token: owner.token });
    expect(team.body.members.map((m: { id: number }) => m.id)).toEqual([owner.user.id]);
  });

  it("lets the owner invite a removed member back into the same account", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaApi(owner);
    await api(`/api/team/members/${member.user.id}`, { method: "DELETE", token: owner.token });

    const invite = await inviteMemberViaApi(owner.token, member.email);
    const res = await acceptInviteViaApi(invite.token, {
      password: "back-again-123",
      confirmPassword: "back-again-123",
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ id: member.user.id, companyId: owner.user.companyId, isActive: true });
    expect(await loginViaApi(member.email, "back-again-123")).toEqual(expect.any(String));
    // The returning member's old sessions are gone: the account is theirs again only through the emailed link.
    expect((await api("/api/auth/user", { token: member.token })).status).toBe(401);
    const other = await registerOwnerViaServices();
    const poach = await api("/api/team/invites", { token: other.token, body: { email: member.email } });
    expect(poach.status).toBe(201);
    const poached = await waitForEmails(member.email, (email) => email.text.includes(other.user.company!.name));
    expect(poached.at(-1)!.subject).toBe("You are invited to join a team on ValuSeal");
  });

  it("never touches another company's members or invites, nor the owner", async () => {
    const a = await createCompanyWithMember();
    const b = await registerOwnerViaServices();
    const invite = await inviteMemberViaApi(a.owner.token);
    expect(await api(`/api/team/members/${a.member.user.id}`, { method: "DELETE", token: b.token })).toMatchObject({
      status: 404,
      body: { message: "Member not found" },
    });
    expect(await api(`/api/team/invites/${invite.id}`, { method: "DELETE", token: b.token })).toMatchObject({
      status: 404,
      body: { message: "Invite not found" },
    });
    expect((await api("/api/team", { token: b.token })).body).toMatchObject({
      members: [{ id: b.user.id }],
      invites: [],
    });
    expect(await api(`/api/team/members/${a.owner.user.id}`, { method: "DELETE", token: a.owner.token })).toMatchObject(
      { status: 400, body: { message: "You cannot remove yourself from the company" } },
    );
    const stillMember = await withDb((db) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, a.member.user.id), eq(users.companyId, a.owner.user.companyId!))),
    );
    expect(stillMember).toHaveLength(1);
    expect((await api(`/api/invites/${invite.token}`)).status).toBe(200);
  });

  it("is closed to admins and anonymous callers", async () => {
    const admin = await createAdminViaDb();
    expect((await api("/api/team", { token: admin.token })).status).toBe(403);
    expect((await api("/api/team")).status).toBe(401);
  });
});
