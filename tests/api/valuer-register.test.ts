import { describe, expect, it } from "vitest";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb } from "./fixtures/admins";
import { fetchWorker, ORIGIN, api, randomIp, unique } from "./fixtures/http";

/*
 * Registers of valuers: an administrator records a register, previews a snapshot's file against
 * the newest one (added, changed, removed, suspended), imports exactly the file previewed, and the
 * firm's Valuers screen reads each valuer against the newest snapshot.
 */

const HEADER = "Registration number,Name,Status,Valid until";

/** A register's list of `count` valuers, VRB/V/0001 to VRB/V/<count>, with rows changed by `edit`. */
function registerCsv(count: number, edit: (rows: string[][]) => string[][] = (rows) => rows) {
  const rows = Array.from({ length: count }, (_, index) => [
    `VRB/V/${String(index + 1).padStart(4, "0")}`,
    `Valuer Number${index + 1} Kamau`,
    "Practising",
    "2026-12-31",
  ]);
  return [HEADER, ...edit(rows).map((row) => row.join(","))].join("\n");
}

async function postFile(token: string, path: string, body: string | Uint8Array<ArrayBuffer>) {
  const res = await fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv", "CF-Connecting-IP": randomIp() },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function newRegister(token: string) {
  const added = await api("/api/admin/register/sources", {
    token,
    body: { jurisdiction: "ke", body: unique("Valuers Registration Board"), kind: "published-list" },
  });
  expect(added.status).toBe(201);
  return added.body.sources.at(-1) as { id: number; jurisdiction: string };
}

describe("registers of valuers", () => {
  it("previews a snapshot's changes before importing exactly that file, and keeps every snapshot", async () => {
    const admin = await createAdminViaDb();
    const register = await newRegister(admin.token);
    expect(register.jurisdiction).toBe("KE");
    const first = registerCsv(100);
    const preview = await postFile(
      admin.token,
      `/api/admin/register/sources/${register.id}/preview?fileName=a.csv`,
      first,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ snapshotId: null, rowCount: 100, previousPublishedOn: null, removed: [] });
    expect(preview.body.added).toHaveLength(100);
    const imported = await postFile(
      admin.token,
      `/api/admin/register/sources/${register.id}/snapshots?fileName=a.csv&publishedOn=2026-01-15&sha256=${preview.body.fileSha256}`,
      first,
    );
    expect(imported.status).toBe(201);
    expect(imported.body.snapshotId).toEqual(expect.any(Number));

    // B: one valuer gone, one renamed, one suspended; the preview shows each before anything is written.
    const second = registerCsv(100, (rows) =>
      rows
        .filter((row) => row[0] !== "VRB/V/0042")
        .map((row) =>
          row[0] === "VRB/V/0007"
            ? [row[0]!, "Peter Otieno", row[2]!, row[3]!]
            : row[0] === "VRB/V/0013"
              ? [row[0]!, row[1]!, "Suspended", row[3]!]
              : row,
        ),
    );
    const diff = await postFile(
      admin.token,
      `/api/admin/register/sources/${register.id}/preview?fileName=b.csv`,
      second,
    );
    expect(diff.body).toMatchObject({
      rowCount: 99,
      previousPublishedOn: "2026-01-15",
      added: [],
      removed: [{ registrationNumber: "VRB/V/0042", name: "Valuer Number42 Kamau" }],
      changed: [{ registrationNumber: "VRB/V/0007", name: "Peter Otieno", previousName: "Valuer Number7 Kamau" }],
      suspended: [{ registrationNumber: "VRB/V/0013", name: "Valuer Number13 Kamau" }],
    });
    const importB = (sha256: string, publishedOn = "2026-06-15") =>
      postFile(
        admin.token,
        `/api/admin/register/sources/${register.id}/snapshots?fileName=b.csv&publishedOn=${publishedOn}&sha256=${sha256}`,
        second,
      );
    // What is imported is what was previewed, published after the newest snapshot.
    expect((await importB(preview.body.fileSha256)).status).toBe(409);
    expect((await importB(diff.body.fileSha256, "2026-01-15")).body.errors).toEqual([
      "publishedOn: The newest snapshot was published on 2026-01-15",
    ]);
    const importedB = await importB(diff.body.fileSha256);
    expect(importedB.status).toBe(201);
    expect(importedB.body.removed).toHaveLength(1);
    expect((await importB(diff.body.fileSha256, "2026-07-01")).body.message).toBe("This file was imported already");

    const overview = await api("/api/admin/register", { token: admin.token });
    const listed = overview.body.sources.find((source: { id: number }) => source.id === register.id);
    expect(listed.snapshots.map((snapshot: { publishedOn: string }) => snapshot.publishedOn)).toEqual([
      "2026-06-15",
      "2026-01-15",
    ]);
    const audited = await auditEntriesFor("register", [register.id]);
    expect(audited.map((entry) => entry.action)).toEqual([
      "platform.register_added",
      "platform.register_imported",
      "platform.register_imported",
    ]);
  });

  it("reads a firm's valuers against the newest snapshot, however the numbers and names are written", async () => {
    const admin = await createAdminViaDb();
    // The Valuers screen reads Kenya's register with the newest snapshot: this one, published today.
    const register = await newRegister(admin.token);
    const csv = [
      HEADER,
      "VRB/V/1182,WANJIRU Grace,Practising,2026-12-31",
      "VRB/V/1183,Peter Otieno,Practising,2026-12-31",
      "VRB/V/1184,Mary Achieng,Suspended,2026-12-31",
    ].join("\n");
    const preview = await postFile(
      admin.token,
      `/api/admin/register/sources/${register.id}/preview?fileName=k.csv`,
      csv,
    );
    const today = new Date().toISOString().slice(0, 10);
    await postFile(
      admin.token,
      `/api/admin/register/sources/${register.id}/snapshots?fileName=k.csv&publishedOn=${today}&sha256=${preview.body.fileSha256}`,
      csv,
    );
    const owner = await registerOwnerViaServices();
    const valuer = async (name: string, registrationNumber: string) =>
      (await api("/api/valuers", { token: owner.token, body: { name, registrationNumber, isActive: true } })).body
        .id as number;
    const ids = {
      matched: await valuer("QS Grace Wanjiru", "No. V 01182"),
      differs: await valuer("Grace Wanjiru", "v-1183"),
      suspended: await valuer("Mary Achieng", "VRB/V/1184"),
      missing: await valuer("John Mwangi", "VRB/V/9999"),
    };
    const standings = (await api("/api/valuers/register", { token: owner.token })).body.standings as {
      valuerId: number;
      result: string;
      listedName: string | null;
    }[];
    const resultOf = (id: number) => standings.find((standing) => standing.valuerId === id);
    expect(resultOf(ids.matched)).toMatchObject({ result: "matched", listedName: "WANJIRU Grace" });
    expect(resultOf(ids.differs)).toMatchObject({ result: "name-differs", listedName: "Peter Otieno" });
    expect(resultOf(ids.suspended)).toMatchObject({ result: "suspended" });
    expect(resultOf(ids.missing)).toMatchObject({ result: "not-found", listedName: null });
  });

  it("refuses files it cannot import with the row or the reason, and writes nothing", async () => {
    const admin = await createAdminViaDb();
    const register = await newRegister(admin.token);
    const preview = (body: string | Uint8Array<ArrayBuffer>) =>
      postFile(admin.token, `/api/admin/register/sources/${register.id}/preview?fileName=x.csv`, body);
    const cases: [string | Uint8Array<ArrayBuffer>, number, string[]][] = [
      [
        `${HEADER}\nVRB/V/1,=HYPERLINK("http://evil"),Practising,2026-12-31`,
        400,
        ["row 2: A cell is a formula; export the values only"],
      ],
      ["Number,Full name\n1,Grace", 400, ["row 1: Name the columns Registration number, Name, Status and Valid until"]],
      [
        new Uint8Array([0x52, 0x65, 0x67, 0xff, 0xfe, 0x0a]),
        400,
        ["file: Save the spreadsheet as CSV UTF-8 and try again"],
      ],
      [
        `${HEADER}\nVRB/V/1,Grace,Retired,2026-12-31`,
        400,
        ['row 2: Status "Retired" is not Active, Practising or Suspended'],
      ],
      [
        `${HEADER}\nVRB/V/1,Grace,Active,31/02/2026`,
        400,
        ['row 2: Valid until "31/02/2026" is not a day like 2026-12-31'],
      ],
      [
        `${HEADER}\nVRB/V/1,Grace,Active,\nV 0001,Grace,Active,`,
        400,
        ["row 3: Registration V 0001 is listed again (first on row 2)"],
      ],
      [registerCsv(100_000), 413, []],
    ];
    for (const [body, status, errors] of cases) {
      const refused = await preview(body);
      expect(refused.status).toBe(status);
      if (errors.length > 0) expect(refused.body.errors).toEqual(errors);
    }
    const tooMany = await preview(
      [HEADER, ...Array.from({ length: 20_001 }, (_, index) => `V/${index + 1},A B,Active,`)].join("\n"),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual(["file: 20,001 rows; a register snapshot has at most 20,000"]);
    const overview = await api("/api/admin/register", { token: admin.token });
    expect(overview.body.sources.find((source: { id: number }) => source.id === register.id).snapshots).toEqual([]);
  });
});
