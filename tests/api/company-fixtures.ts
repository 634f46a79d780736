import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { companies } from "../../schema/tables";
import { type Account, api, registerOwner, unique, withDb } from "../support/api";

export const MEMBER_PASSWORD = "member-password-123";

export async function createValuer(token: string, overrides: Record<string, unknown> = {}) {
  const res = await api("/api/valuers", {
    token,
    body: { name: `Jane ${unique("Valuer")}`, phone: "+254700000003", qualification: "MRICS", ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; qualification: string | null; isActive: boolean };
}

export function codeInput(valuerId: number, overrides: Record<string, unknown> = {}) {
  return {
    propertyType: "Real Estate",
    propertyAddress: `Plot ${unique("p")}, Riverside Drive, Westlands`,
    propertyReference: "LR 209/1234",
    propertyArea: "Four-bedroom house on half an acre",
    propertySize: 2450,
    propertySizeUnit: "sqft",
    landSize: 0.5,
    landSizeUnit: "acres",
    marketValue: 45000000,
    currency: "KES",
    valuationDate: "15/01/2025",
    valuerId,
    ...overrides,
  };
}

export async function createCode(token: string, valuerId: number, overrides: Record<string, unknown> = {}) {
  const res = await api("/api/qr-codes", { token, body: codeInput(valuerId, overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function inviteMember(ownerToken: string, email = `${unique("member")}@example.com`) {
  const res = await api("/api/team/invites", { token: ownerToken, body: { email } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = String(res.body.inviteUrl).split("/invite/")[1]!;
  return { ...(res.body as { id: number; email: string; expiresAt: string; inviteUrl: string }), token };
}

export function acceptInvite(inviteToken: string, overrides: Record<string, unknown> = {}) {
  return api(`/api/invites/${inviteToken}/accept`, {
    body: {
      firstName: "Mary",
      lastName: "Member",
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      ...overrides,
    },
  });
}

/** A member who joined the owner's company through an invite, signed in. */
export async function addMember(owner: Account): Promise<Account> {
  const invite = await inviteMember(owner.token);
  const res = await acceptInvite(invite.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.token, user: res.body.user, email: invite.email, password: MEMBER_PASSWORD };
}

/** A company with its owner, one member and one active valuer. */
export async function companyWithMember() {
  const owner = await registerOwner();
  const member = await addMember(owner);
  const valuer = await createValuer(owner.token);
  return { owner, member, valuer };
}

export function setCompanyActive(companyId: number, isActive: boolean) {
  return withDb((db) => db.update(companies).set({ isActive }).where(eq(companies.id, companyId)));
}
