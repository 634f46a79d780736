import { describe, expect, it } from "vitest";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { createCompanyWithMember, setCompanyActiveInDb } from "./fixtures/companies";
import { api, unique } from "./fixtures/http";

const details = () => ({
  name: "Kamau & Partners Valuers",
  email: `${unique("office")}@example.com`,
  phone: "+254722000000",
  location: "Westlands, Nairobi",
});

describe("current company", () => {
  it("shows the user's company with its owner", async () => {
    const { owner, member } = await createCompanyWithMember();
    for (const token of [owner.token, member.token]) {
      const res = await api("/api/companies/current", { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: owner.user.companyId,
        name: owner.user.company!.name,
        ownerId: owner.user.id,
        isActive: true,
        phone: "+254700000001",
        location: "Nairobi",
      });
    }
  });

  it("lets the owner edit the details, clearing blank optional fields; a new email waits for its confirmation", async () => {
    const owner = await registerOwnerViaServices();
    const input = details();
    const res = await api("/api/companies/current", {
      method: "PUT",
      token: owner.token,
      body: {
        ...input,
        phone: "",
        location: "  ",
        ownerId: 1,
        isActive: false,
        id: 5,
        currentPassword: owner.password,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: owner.user.companyId,
      name: input.name,
      email: owner.email,
      pendingEmail: { email: input.email },
      phone: null,
      location: null,
      ownerId: owner.user.id,
      isActive: true,
    });
    expect((await api("/api/companies/current", { token: owner.token })).body.name).toBe(input.name);
  });

  it("validates the details with the length caps (phone 50, location 255 characters)", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/companies/current", {
      method: "PUT",
      token: owner.token,
      body: { name: "", email: "not-an-email", phone: "1".repeat(51), location: "l".repeat(256) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      "name: Company name is required",
      "email: Invalid email address",
      "phone: Must be at most 50 characters",
      "location: Must be at most 255 characters",
    ]);
  });

  it("answers an email another company uses exactly as a free one, so the answer tells nobody it is taken", async () => {
    const owner = await registerOwnerViaServices();
    const other = await registerOwnerViaServices();
    const change = (email: string) =>
      api("/api/companies/current", {
        method: "PUT",
        token: owner.token,
        body: { ...details(), email, currentPassword: owner.password },
      });
    const taken = await change(other.email.toUpperCase());
    expect(taken.status).toBe(200);
    expect(taken.body.pendingEmail.email).toBe(other.email.toUpperCase());
    const free = await change(`${unique("free")}@example.com`);
    expect(free.status).toBe(200);
    expect(Object.keys(free.body).sort()).toEqual(Object.keys(taken.body).sort());
  });

  it("refuses members, deactivated companies and admins", async () => {
    const { owner, member } = await createCompanyWithMember();
    const asMember = await api("/api/companies/current", { method: "PUT", token: member.token, body: details() });
    expect(asMember).toMatchObject({
      status: 403,
      body: { message: "Only the company owner can edit company details" },
    });

    await setCompanyActiveInDb(owner.user.companyId!, false);
    const deactivated = await api("/api/companies/current", { method: "PUT", token: owner.token, body: details() });
    expect(deactivated).toMatchObject({
      status: 403,
      body: { message: "Your company has been deactivated. Contact support." },
    });
    expect((await api("/api/companies/current", { token: owner.token })).body.isActive).toBe(false);

    const admin = await createAdminViaDb();
    expect((await api("/api/companies/current", { token: admin.token })).status).toBe(403);
    expect((await api("/api/companies/current")).status).toBe(401);
  });
});
