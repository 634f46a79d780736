import { describe, expect, it } from "vitest";
import { geocoderPlaceNames } from "#worker/lib/geocoder.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createCodeViaApi } from "./fixtures/codes";
import { api } from "./fixtures/http";
import { createValuerViaApi } from "./fixtures/valuers";

async function suggest(token: string, q: string) {
  const res = await api(`/api/locations/search?q=${encodeURIComponent(q)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.suggestions as { name: string }[]).map((s) => s.name);
}

describe("location suggestions", () => {
  it("finds the curated Kenyan and UK places, biggest first, case-insensitively, with region and country", async () => {
    const owner = await registerOwnerViaServices();
    expect((await suggest(owner.token, "westl"))[0]).toBe("Westlands, Nairobi, Kenya");
    expect((await suggest(owner.token, "MOMBASA"))[0]).toBe("Mombasa, Kenya");
    expect((await suggest(owner.token, "Kensington"))[0]).toBe("Kensington, London, United Kingdom");
    expect((await suggest(owner.token, "nairo")).slice(0, 2)).toEqual([
      "Nairobi, Kenya",
      "Nairobi West, Nairobi, Kenya",
    ]);
    expect(await suggest(owner.token, "Ruiru")).toContain("Ruiru, Kenya");
  });

  it("names every gazetteer place's country in full, and a US town's state, so namesakes can be told apart", async () => {
    const owner = await registerOwnerViaServices();
    const names = await suggest(owner.token, "westla");
    expect(names).toEqual(
      expect.arrayContaining(["Westland, MI, United States", "Westlake, OH, United States", "Westlake, Australia"]),
    );
    // Never a bare country code ("…, US"): the code is only where the name is.
    expect(names.filter((name) => /, [A-Z]{2}$/.test(name))).toEqual([]);
  });

  it("puts the company's own earlier addresses first and never another company's", async () => {
    const owner = await registerOwnerViaServices();
    const other = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const otherValuer = await createValuerViaApi(other.token);
    await createCodeViaApi(owner.token, valuer.id, { propertyAddress: "Plot 9, Mombasa Road, Nairobi" });
    await createCodeViaApi(owner.token, valuer.id, { propertyAddress: "mombasa, kenya" });
    await createCodeViaApi(other.token, otherValuer.id, { propertyAddress: "Secret Plot, Mombasa Island" });

    const names = await suggest(owner.token, "mombasa");
    expect(names.slice(0, 2)).toEqual(["mombasa, kenya", "Plot 9, Mombasa Road, Nairobi"]);
    // The gazetteer's "Mombasa, Kenya" is the same place as the company's own spelling of it.
    expect(names.filter((name) => name.toLowerCase() === "mombasa, kenya")).toHaveLength(1);
    expect(names).not.toContain("Secret Plot, Mombasa Island");
    expect(await suggest(other.token, "plot 9")).toEqual([]);
  });

  it("returns at most 15 suggestions and none for fewer than 2 characters", async () => {
    const owner = await registerOwnerViaServices();
    expect(await suggest(owner.token, "sa")).toHaveLength(15);
    expect(await suggest(owner.token, "s")).toEqual([]);
    expect(await suggest(owner.token, " ")).toEqual([]);
    expect((await api("/api/locations/search", { token: owner.token })).body).toEqual({ suggestions: [] });
    expect(await suggest(owner.token, "%%")).toEqual([]);
    expect(await suggest(owner.token, "__")).toEqual([]);
  });

  it("refuses overlong queries and anonymous callers", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api(`/api/locations/search?q=${"a".repeat(101)}`, { token: owner.token });
    expect(res).toMatchObject({ status: 400, body: { errors: ["q: Must be at most 100 characters"] } });
    expect((await api("/api/locations/search?q=nairobi")).status).toBe(401);
  });
});

describe("geocoder answers", () => {
  it("reads Nominatim and Photon shapes and ignores anything else", () => {
    expect(geocoderPlaceNames([{ display_name: "Westlands, Nairobi, Kenya" }, { other: 1 }])).toEqual([
      "Westlands, Nairobi, Kenya",
    ]);
    expect(
      geocoderPlaceNames({
        features: [
          { properties: { name: "Sarit Centre", city: "Nairobi", country: "Kenya" } },
          { properties: { housenumber: "10", street: "Downing Street", city: "London", country: "United Kingdom" } },
          { properties: {} },
        ],
      }),
    ).toEqual(["Sarit Centre, Nairobi, Kenya", "10 Downing Street, London, United Kingdom"]);
    expect(geocoderPlaceNames({ error: "rate limited" })).toEqual([]);
    expect(geocoderPlaceNames(null)).toEqual([]);
  });
});
