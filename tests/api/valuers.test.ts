import { describe, expect, it } from "vitest";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { createCodeViaApi } from "./fixtures/codes";
import { createCompanyWithMember, setCompanyActiveInDb } from "./fixtures/companies";
import { api } from "./fixtures/http";
import { createValuerViaApi } from "./fixtures/valuers";

const OWNER_ONLY = "Only the company owner can add or modify valuers";

describe("valuers", () => {
  it("lets the owner add, list, edit, deactivate and delete valuers of their company", async () => {
    const owner = await registerOwnerViaServices();
    const created = await createValuerViaApi(owner.token, {
      name: "  Jane Wanjiku ",
      phone: "",
      qualification: "MRICS",
    });
    expect(created).toMatchObject({
      name: "Jane Wanjiku",
      phone: null,
      qualification: "MRICS",
      isActive: true,
      companyId: owner.user.companyId,
    });

    const updated = await api(`/api/valuers/${created.id}`, {
      method: "PUT",
      token: owner.token,
      body: { id: 999, name: "Jane W. Kamau", phone: "+254711000000", qualification: "", isActive: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, name: "Jane W. Kamau", qualification: null, isActive: false });

    const list = await api("/api/valuers", { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.id, isActive: false })]);

    const deleted = await api(`/api/valuers/${created.id}`, { method: "DELETE", token: owner.token });
    expect(deleted).toMatchObject({ status: 200, body: { message: "Valuer deleted successfully" } });
    expect((await api("/api/valuers", { token: owner.token })).body).toEqual([]);
    expect((await api(`/api/valuers/${created.id}`, { method: "DELETE", token: owner.token })).status).toBe(404);
  });

  it("answers validation failures with field errors", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/valuers", {
      token: owner.token,
      body: { name: " ", phone: "1".repeat(51), qualification: "q".repeat(101), isActive: "yes" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        "name: Full name is required",
        "phone: Must be at most 50 characters",
        "qualification: Must be at most 100 characters",
        "isActive: isActive must be true or false",
      ]),
    );
  });

  it("ignores company and ids in the body", async () => {
    const owner = await registerOwnerViaServices();
    const other = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token, {
      companyId: other.user.companyId,
      id: 1,
      userId: other.user.id,
    });
    expect(valuer).toMatchObject({ companyId: owner.user.companyId, userId: owner.user.id });
    expect((await api("/api/valuers", { token: other.token })).body).toEqual([]);
  });

  it("lets members read but not change valuers", async () => {
    const { member, valuer } = await createCompanyWithMember();
    const list = await api("/api/valuers", { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.map((v: { id: number }) => v.id)).toEqual([valuer.id]);

    const attempts = [
      api("/api/valuers", { token: member.token, body: { name: "Sneaky" } }),
      api(`/api/valuers/${valuer.id}`, { method: "PUT", token: member.token, body: { name: "Renamed" } }),
      api(`/api/valuers/${valuer.id}`, { method: "DELETE", token: member.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res).toMatchObject({ status: 403, body: { message: OWNER_ONLY } });
    }
  });

  it("never shows, changes or deletes another company's valuer", async () => {
    const a = await createCompanyWithMember();
    const b = await registerOwnerViaServices();
    const foreign = a.valuer.id;
    expect((await api("/api/valuers", { token: b.token })).body).toEqual([]);
    const put = await api(`/api/valuers/${foreign}`, { method: "PUT", token: b.token, body: { name: "Hijacked" } });
    expect(put).toMatchObject({ status: 404, body: { message: "Valuer not found" } });
    expect((await api(`/api/valuers/${foreign}`, { method: "DELETE", token: b.token })).status).toBe(404);
    expect((await api("/api/valuers/abc", { method: "DELETE", token: b.token })).status).toBe(404);
    const stillThere = await api("/api/valuers", { token: a.owner.token });
    expect(stillThere.body).toEqual([expect.objectContaining({ id: foreign, name: a.valuer.name })]);
  });

  it("keeps the signer's name on codes after the valuer is deleted", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token, { name: "Peter Otieno", qualification: "BSc Land Economics" });
    const code = await createCodeViaApi(owner.token, valuer.id);
    await api(`/api/valuers/${valuer.id}`, { method: "DELETE", token: owner.token });

    const detail = await api(`/api/qr-codes/${code.id}`, { token: owner.token });
    expect(detail.body.valuer).toEqual({ name: "Peter Otieno", qualification: "BSc Land Economics" });
    const list = await api("/api/qr-codes", { token: owner.token });
    expect(list.body[0].valuer).toEqual({ name: "Peter Otieno", qualification: "BSc Land Economics" });
  });

  it("refuses changes from a deactivated company but still lets it read", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    await setCompanyActiveInDb(owner.user.companyId!, false);
    const deactivated = { status: 403, body: { message: "Your company has been deactivated. Contact support." } };
    expect(await api("/api/valuers", { token: owner.token, body: { name: "New" } })).toMatchObject(deactivated);
    expect(
      await api(`/api/valuers/${valuer.id}`, { method: "PUT", token: owner.token, body: { name: "X" } }),
    ).toMatchObject(deactivated);
    expect(await api(`/api/valuers/${valuer.id}`, { method: "DELETE", token: owner.token })).toMatchObject(deactivated);
    expect((await api("/api/valuers", { token: owner.token })).status).toBe(200);
  });

  it("requires a signed-in company user", async () => {
    expect((await api("/api/valuers")).status).toBe(401);
    const admin = await createAdminViaDb();
    expect((await api("/api/valuers", { token: admin.token })).status).toBe(403);
  });
});
