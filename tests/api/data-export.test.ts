import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { userDataExportAnswer } from "#schema/responses/index.ts";
import { RECORD_TYPES, type KeyHistory } from "#schema/signed-records.ts";
import { recordsInFile } from "#schema/signed-record-file.ts";
import { webhookEndpoints } from "#schema/tables.ts";
import { verifyRecord } from "#verifier/records.ts";
import { LEDGER_EXPORT_HEADER } from "#worker/services/integration/exports.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { paidPurchase } from "./fixtures/billing";
import { createCodeViaApi } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, callWorker, ORIGIN, randomIp, unique } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { addMemberViaServices } from "./fixtures/team";
import { insertValuer } from "./fixtures/valuers";

/*
 * Export at once (issue 50): a user's own data as one JSON file, and an owner's whole firm as one
 * ZIP, streamed, whose signed records verify on their own.
 */

/** The firm's ZIP as the owner downloads it, unzipped. */
async function firmExport(token: string) {
  const res = await callWorker(
    new Request(`${ORIGIN}/api/companies/current/export`, {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": randomIp() },
    }),
  );
  expect(res.status).toBe(200);
  return { res, files: unzipSync(new Uint8Array(await res.arrayBuffer())) };
}

describe("GET /api/profile/export", () => {
  it("gives the user their own data as a file, without a secret", async () => {
    const owner = await registerOwnerViaServices({ firstName: "Wanjiru", lastName: "Kamau" });
    const res = await api("/api/profile/export", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="valuseal-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = userDataExportAnswer.parse(res.body);
    expect(data.profile).toMatchObject({ email: owner.email, firstName: "Wanjiru", lastName: "Kamau", role: "user" });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/scrypt|password"|totpSecret|"sid"|keyHash/);
    expect(text).not.toContain(owner.token);
  });
});

describe("GET /api/companies/current/export", () => {
  it("streams the firm's whole record as a ZIP whose signed records verify on their own", async () => {
    const owner = await registerOwnerViaServices({ name: "Export Valuers Ltd" });
    const member = await addMemberViaServices(owner);
    const valuer = await insertValuer(owner.user.companyId!, { name: "Otieno Baraka" });
    const code = await createCodeViaApi(owner.token, valuer.id);
    await scanLikePhone(code.publicToken);
    await paidPurchase(owner, 10);
    const secret = `whsec_${unique("never-exported")}`;
    await withDb((db) =>
      db.insert(webhookEndpoints).values({
        publicId: unique("ep"),
        companyId: owner.user.companyId!,
        url: "https://hooks.example.com/export",
        secret,
        eventTypes: ["code.issued"],
      }),
    );

    const { res, files } = await firmExport(owner.token);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="valuseal-export-valuers-ltd-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "organisation.json",
        "team.json",
        "valuers.json",
        "codes.csv",
        `records/${code.verificationCode}.json`,
        "scan-days.csv",
        "webhooks.json",
        "api-keys.json",
        "credit-ledger.csv",
        "receipts/receipts.json",
        "audit-log.csv",
      ]),
    );
    const text = (name: string) => strFromU8(files[name]!);
    expect(JSON.parse(text("organisation.json"))).toMatchObject({ name: "Export Valuers Ltd" });
    expect(
      JSON.parse(text("team.json"))
        .members.map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual([owner.email, member.email].sort());
    expect(text("valuers.json")).toContain("Otieno Baraka");
    expect(text("codes.csv")).toContain(code.verificationCode);
    // The ledger's rows, not only its header: the top-up of 10 credits with its receipt, and the code it paid for.
    const ledger = text("credit-ledger.csv");
    expect(ledger.split("\r\n")[0]).toBe(LEDGER_EXPORT_HEADER.map((name) => `"${name}"`).join(","));
    expect(ledger).toMatch(/^"[^"]+","purchase",10,\d+,,"pur_\w+","VS-\d+",$/m);
    expect(ledger).toMatch(new RegExp(`^"[^"]+","issue",-1,\\d+,"${code.verificationCode}",,,$`, "m"));
    expect(text("webhooks.json")).toContain("https://hooks.example.com/export");
    const pdfs = names.filter((name) => /^receipts\/.*\.pdf$/.test(name));
    expect(pdfs).toHaveLength(1);
    expect(strFromU8(files[pdfs[0]!]!.slice(0, 5))).toBe("%PDF-");

    // The record file verifies against the published keys, as the offline verifier checks it.
    const keys = (await api<KeyHistory>("/.well-known/jwks.json")).body;
    const file = recordsInFile(text(`records/${code.verificationCode}.json`))!;
    for (const record of file.records) {
      expect((await verifyRecord(record, keys, RECORD_TYPES.certificate)).ok).toBe(true);
    }

    // Nothing secret leaves: no webhook secret, no password hash, no session.
    const everything = names.map((name) => (name.endsWith(".pdf") ? "" : text(name))).join("\n");
    expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/scrypt|\$2[aby]\$/);
    expect(everything).not.toContain(owner.token);
  });
});
