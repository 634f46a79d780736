import { and, eq, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { decodeJwt } from "jose";
import { describe, expect, inject, it } from "vitest";
import { registerEntries, registerSources, valuerChecks, webhookEvents } from "#schema/tables.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { remindPractisingCertificates } from "#worker/services/register/practising-certificates.ts";
import { emailsTo, waitForEmail } from "../shared/inbox";
import { type Account, companyIdOf, registerOwnerViaServices } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { createCodeViaApi } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { fetchWorker, ORIGIN, api, randomIp, unique } from "./fixtures/http";
import { addMemberViaServices } from "./fixtures/team";
import { SMALL_PDF as PDF, uploadPractisingCertificate } from "./fixtures/register";

/*
 * Registers of valuers: an administrator records a register, previews a snapshot's file against
 * the newest one (added, changed, removed, suspended), imports exactly the file previewed, and the
 * firm's Valuers screen reads each valuer's check. A check (decision 062) is appended when a
 * snapshot is imported, a practising certificate accepted or the valuer changed; frozen on each
 * code at issue and carried by its signed record; a snapshot that removes a valuer alerts the firm
 * and the lenders watching. One file, so its imports run one after another: every valuer is
 * checked against the newest Kenyan list, whichever test imported it.
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

const postFile = (token: string, path: string, body: string | Uint8Array<ArrayBuffer>) =>
  send(token, path, body, "text/csv");

/**
 * An Excel workbook as Excel writes one: text in the shared strings, numbers (a day is a serial
 * number) and formulas in the cells of the first sheet, named through the workbook's relationships.
 */
function workbook(rows: (string | number | { formula: string })[][]): Uint8Array<ArrayBuffer> {
  const shared: string[] = [];
  const column = (index: number) => String.fromCharCode(65 + index);
  const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  const sheetRows = rows
    .map((cells, rowIndex) => {
      const xml = cells.map((cell, cellIndex) => {
        const reference = `${column(cellIndex)}${rowIndex + 1}`;
        if (typeof cell === "number") return `<c r="${reference}"><v>${cell}</v></c>`;
        if (typeof cell === "object") return `<c r="${reference}"><f>${escape(cell.formula)}</f><v>0</v></c>`;
        shared.push(cell);
        return `<c r="${reference}" t="s"><v>${shared.length - 1}</v></c>`;
      });
      return `<row r="${rowIndex + 1}">${xml.join("")}</row>`;
    })
    .join("");
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const relations = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipSync({
    "[Content_Types].xml": xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    "xl/workbook.xml": xml(
      `<workbook ${main} ${relations}><sheets><sheet name="Register" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/register.xml"/></Relationships>',
    ),
    "xl/worksheets/register.xml": xml(`<worksheet ${main}><sheetData>${sheetRows}</sheetData></worksheet>`),
    "xl/sharedStrings.xml": xml(
      `<sst ${main} count="${shared.length}">${shared.map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`).join("")}</sst>`,
    ),
  }) as Uint8Array<ArrayBuffer>;
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function newRegister(token: string) {
  const added = await api("/api/admin/register/sources", {
    token,
    body: { jurisdiction: "ke", body: unique("Valuers Registration Board"), kind: "published-list" },
  });
  expect(added.status).toBe(201);
  return added.body.sources.at(-1) as { id: number; jurisdiction: string; body: string };
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
    // The Valuers screen reads Kenya's register with the newest snapshot: this one, published two days ago.
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
    const today = daysFromToday(-2);
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
    const now = await standings(owner);
    const resultOf = (id: number) => now.find((standing) => standing.valuerId === id);
    expect(resultOf(ids.matched)).toMatchObject({ check: { result: "matched" } });
    // The name the register lists the number under is not told to the firm (it would learn whose it is).
    expect(resultOf(ids.differs)).toEqual({
      valuerId: ids.differs,
      check: expect.objectContaining({ result: "name-differs" }),
      practisingCertificate: null,
    });
    expect(resultOf(ids.suspended)).toMatchObject({ check: { result: "suspended" } });
    expect(resultOf(ids.missing)).toMatchObject({ check: { result: "not-found" } });
  });

  it("reads the first sheet of an Excel workbook, its days kept as numbers, and refuses its formulas", async () => {
    const admin = await createAdminViaDb();
    const register = await newRegister(admin.token);
    const header = ["Registration number", "Name", "Status", "Valid until"];
    const book = workbook([
      header,
      ["VRB/V/0101", "Achieng & Otieno Ruth", "Practising", 46387],
      ["VRB/V/0102", "Kamau John", "Suspended", "31/12/2026"],
    ]);
    const preview = await send(
      admin.token,
      `/api/admin/register/sources/${register.id}/preview?fileName=list.xlsx`,
      book,
      XLSX,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ rowCount: 2, previousPublishedOn: null });
    expect(preview.body.added).toEqual([
      { registrationNumber: "VRB/V/0101", name: "Achieng & Otieno Ruth" },
      { registrationNumber: "VRB/V/0102", name: "Kamau John" },
    ]);
    expect(preview.body.suspended).toEqual([{ registrationNumber: "VRB/V/0102", name: "Kamau John" }]);
    const imported = await send(
      admin.token,
      `/api/admin/register/sources/${register.id}/snapshots?fileName=list.xlsx&publishedOn=2026-02-01&sha256=${preview.body.fileSha256}`,
      book,
      XLSX,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const entries = await withDb((db) =>
      db
        .select({ validUntil: registerEntries.validUntil })
        .from(registerEntries)
        .where(eq(registerEntries.snapshotId, imported.body.snapshotId)),
    );
    // 46387 is Excel's number for 31 December 2026.
    expect(entries.map((entry) => entry.validUntil)).toEqual(["2026-12-31", "2026-12-31"]);

    const withFormula = workbook([
      header,
      ["VRB/V/0201", "Mary Wanjiku", "Practising", 46387],
      ["VRB/V/0202", { formula: 'HYPERLINK("http://x.example","Click")' }, "Practising", 46387],
    ]);
    const refused = await send(
      admin.token,
      `/api/admin/register/sources/${register.id}/preview?fileName=f.xlsx`,
      withFormula,
      XLSX,
    );
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: ["row 3: A cell is a formula; export the values only"] }),
    });
    const notABook = zipSync({ "readme.txt": strToU8("hello") }) as Uint8Array<ArrayBuffer>;
    const wrong = await send(
      admin.token,
      `/api/admin/register/sources/${register.id}/preview?fileName=z.xlsx`,
      notABook,
      XLSX,
    );
    expect(wrong).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: ["file: The file is not an Excel workbook (.xlsx)"] }),
    });
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

const number = (index: number) => `VRB/V/${String(index).padStart(4, "0")}`;

async function send(token: string, path: string, body: string | Uint8Array<ArrayBuffer>, contentType: string) {
  const res = await fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType, "CF-Connecting-IP": randomIp() },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A Kenyan published list, previewed then imported as published on `publishedOn`. */
async function importList(admin: Account, sourceId: number, csv: string, publishedOn: string) {
  const preview = await send(
    admin.token,
    `/api/admin/register/sources/${sourceId}/preview?fileName=list.csv`,
    csv,
    "text/csv",
  );
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const imported = await send(
    admin.token,
    `/api/admin/register/sources/${sourceId}/snapshots?fileName=list.csv&publishedOn=${publishedOn}&sha256=${preview.body.fileSha256}`,
    csv,
    "text/csv",
  );
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  return { preview: preview.body, imported: imported.body };
}

async function verifiedFirm() {
  const firm = await registerOwnerViaServices();
  await verifyCompanyViaAdmin(companyIdOf(firm));
  return firm;
}

async function addValuer(firm: Account, name: string, registrationNumber?: string) {
  const res = await api("/api/valuers", {
    token: firm.token,
    body: { name, isActive: true, ...(registrationNumber ? { registrationNumber } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** The certificate as the public reads it, and the register check its latest signed record carries. */
async function certificateOf(token: string, language = "en") {
  const page = await fetchWorker(`${ORIGIN}/v/${token}?lang=${language}`, {
    headers: { "CF-Connecting-IP": randomIp() },
  });
  const record = await api(`/api/public/certificates/${token}/record`);
  expect(record.status).toBe(200);
  const payload = decodeJwt(record.body.record) as { valuer: { registerCheck?: Record<string, unknown> } };
  return { html: (await page.text()).replaceAll("&#39;", "'"), registerCheck: payload.valuer.registerCheck };
}

const standings = async (firm: Account) => {
  const res = await api("/api/valuers/register", { token: firm.token });
  expect(res.status).toBe(200);
  return res.body.valuers as {
    valuerId: number;
    check: { result: string; publishedOn: string | null } | null;
    practisingCertificate: { decision: string | null } | null;
  }[];
};

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("valuers checked against a published register", () => {
  it("alerts once for a valuer a new snapshot removes and flags one it lists under another name; issued certificates keep their check", async () => {
    const admin = await createAdminViaDb();
    const list = await newRegister(admin.token);
    // The newest Kenyan list is what every valuer is checked against: A, published yesterday (after
    // every earlier test's), then B, published today.
    await importList(admin, list.id, registerCsv(100), daysFromToday(-1));
    const firm = await verifiedFirm();
    const removedValuer = await addValuer(firm, "Valuer Number5 Kamau", "No. V 0005");
    const renamedValuer = await addValuer(firm, "Valuer Number7 Kamau", "VRB/V/7");
    const code = await createCodeViaApi(firm.token, removedValuer);
    const before = await certificateOf(code.publicToken);
    expect(before.registerCheck).toMatchObject({
      result: "matched",
      kind: "published-list",
      registrationNumber: "No. V 0005",
    });

    // A lender relies on the code, so it watches it.
    const lender = await registerOwnerViaServices({
      name: unique("Bank"),
      organisationKind: "lender",
      lenderType: "bank",
    });
    await verifyCompanyViaAdmin(companyIdOf(lender));
    const reliance = await api("/api/reliances", {
      token: lender.token,
      body: {
        code: code.publicToken,
        reference: unique("LN"),
        amount: "1000000.00",
        reliedOn: new Date().toLocaleDateString("en-GB"),
        acknowledged: [],
      },
    });
    expect(reliance.status, JSON.stringify(reliance.body)).toBe(201);
    const endpoint = await api("/api/webhooks", {
      token: lender.token,
      body: { url: `${inject("webhookReceiverUrl")}/hooks/${unique("hook")}`, eventTypes: ["valuer.deregistered"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

    const snapshotB = registerCsv(100, (rows) =>
      rows
        .filter((row) => row[0] !== number(5))
        .map((row) => (row[0] === number(7) ? [row[0]!, "Otieno Peter", row[2]!, row[3]!] : row)),
    );
    const { preview, imported } = await importList(admin, list.id, snapshotB, daysFromToday(0));
    // The dry run showed both before anything was written.
    expect(preview.rowCount).toBe(99);
    expect(preview.removed).toEqual([{ registrationNumber: number(5), name: "Valuer Number5 Kamau" }]);
    expect(preview.changed).toEqual([
      { registrationNumber: number(7), name: "Otieno Peter", previousName: "Valuer Number7 Kamau" },
    ]);
    expect(imported.removed).toHaveLength(1);

    const now = await standings(firm);
    expect(now.find((row) => row.valuerId === removedValuer)?.check?.result).toBe("removed");
    expect(now.find((row) => row.valuerId === renamedValuer)).toMatchObject({ check: { result: "name-differs" } });
    expect(now.filter((row) => row.check?.result === "name-differs")).toHaveLength(1);

    // Exactly one removal alert: the owner's email, and the watching lender's notice.
    const alert = await waitForEmail(firm.email, "is no longer on the register");
    expect(alert.text).toContain(`no longer lists Valuer Number5 Kamau (registration No. V 0005)`);
    const lenderEvents = await withDb((db) =>
      db
        .select({ data: webhookEvents.data })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.companyId, companyIdOf(lender)), eq(webhookEvents.type, "valuer.deregistered"))),
    );
    expect(lenderEvents).toHaveLength(1);
    expect(lenderEvents[0]!.data).toMatchObject({
      valuer: { name: "Valuer Number5 Kamau", result: "removed", register: list.body },
    });
    const lenderMail = await waitForEmail(lender.email, "is no longer on the register");
    expect(lenderMail.text).toContain("Valuer Number5 Kamau, No. V 0005");
    expect((await emailsTo(firm.email)).filter((email) => email.subject.includes("no longer on"))).toHaveLength(1);

    // The certificate issued before is never rewritten; the next code signed by the valuer is amber.
    const after = await certificateOf(code.publicToken);
    expect(after.registerCheck).toEqual(before.registerCheck);
    expect(after.html).toContain("Verified Authentic");
    const later = await createCodeViaApi(firm.token, removedValuer);
    const amber = await certificateOf(later.publicToken);
    expect(amber.registerCheck).toMatchObject({ result: "removed", publishedOn: daysFromToday(0) });
    expect(amber.html).toContain("Valuer's registration not confirmed");
    expect(amber.html).not.toContain("Verified Authentic");
  });

  it("names the snapshot's date on the certificate in both languages, and says when a valuer was never checked", async () => {
    const admin = await createAdminViaDb();
    const list = await newRegister(admin.token);
    await importList(admin, list.id, registerCsv(3), daysFromToday(0));
    const firm = await verifiedFirm();
    const listed = await createCodeViaApi(firm.token, await addValuer(firm, "Dr. Valuer Number2 Kamau", "V2"));
    const english = await certificateOf(listed.publicToken);
    // Published as the administrator typed the day; checked on the day of issue in the firm's time zone (Nairobi).
    const inWords = (locale: string, day: Date, timeZone: string) =>
      day.toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric", timeZone });
    const published = new Date(`${daysFromToday(0)}T00:00:00Z`);
    const now = new Date();
    expect(english.html).toContain(
      `Registration V2 appeared on the ${list.body} register published ${inWords("en-GB", published, "UTC")} (checked ${inWords("en-GB", now, "Africa/Nairobi")})`,
    );
    expect((await certificateOf(listed.publicToken, "sw")).html).toContain(
      `Usajili V2 ulionekana kwenye rejista ya ${list.body} iliyochapishwa ${inWords("sw-KE", published, "UTC")} (iliangaliwa ${inWords("sw-KE", now, "Africa/Nairobi")})`,
    );
    expect(english.registerCheck).toMatchObject({ result: "matched", publishedOn: daysFromToday(0), body: list.body });

    const unnumbered = await createCodeViaApi(firm.token, await addValuer(firm, "Ann Wairimu"));
    const neutral = await certificateOf(unnumbered.publicToken);
    expect(neutral.html).toContain("Registration not checked by ValuSeal");
    expect(neutral.html).toContain("Verified Authentic");
    expect(neutral.registerCheck).toBeUndefined();
  });
});

const upload = (
  firm: Account,
  valuerId: number,
  body: Uint8Array<ArrayBuffer> | string = PDF,
  type = "application/pdf",
) => uploadPractisingCertificate(firm, valuerId, body, type);

describe("practising certificates reviewed by ValuSeal", () => {
  it("keeps the upload, lets an administrator read and accept it, and issues certificates that say so", async () => {
    const admin = await createAdminViaDb();
    const firm = await verifiedFirm();
    const valuerId = await addValuer(firm, "Esther Muthoni", `VRB/V/${Math.floor(Math.random() * 90_000) + 10_000}`);
    const uploaded = await upload(firm, valuerId, PDF);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ decision: null, contentType: "application/pdf", byteSize: PDF.byteLength });

    const waiting = await api("/api/admin/practising-certificates", { token: admin.token });
    expect(waiting.body.waiting.map((row: { id: number }) => row.id)).toContain(uploaded.body.id);
    const file = await fetchWorker(`${ORIGIN}/api/admin/practising-certificates/${uploaded.body.id}/file`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(file.status).toBe(200);
    // Named by us with the extension of its checked type, never the uploader's name.
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="practising-certificate-${uploaded.body.id}.pdf"`,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    const yearEnd = `${new Date().getUTCFullYear()}-12-31`;
    const accepted = await api(`/api/admin/practising-certificates/${uploaded.body.id}/review`, {
      token: admin.token,
      body: { decision: "accepted", validUntil: yearEnd },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await waitForEmail(firm.email, "practising certificate was accepted");
    const again = await api(`/api/admin/practising-certificates/${uploaded.body.id}/review`, {
      token: admin.token,
      body: { decision: "rejected", reason: "Blurred copy" },
    });
    expect(again.status).toBe(409);

    const code = await createCodeViaApi(firm.token, valuerId);
    const certificate = await certificateOf(code.publicToken);
    expect(certificate.registerCheck).toMatchObject({
      result: "matched",
      kind: "manual-evidence",
      validUntil: yearEnd,
    });
    expect(certificate.html).toContain(
      "practising certificate from the Valuers Registration Board, valid until 31 December",
    );
    expect(certificate.html).toContain("Verified Authentic");

    // December: one reminder naming the valuer, however often the job runs.
    const sent: EmailMessage[] = [];
    const december = new Date(Date.UTC(new Date().getUTCFullYear(), 11, 5, 9));
    await withDb((db) => remindPractisingCertificates(db, december, async (batch) => void sent.push(...batch)));
    await withDb((db) => remindPractisingCertificates(db, december, async (batch) => void sent.push(...batch)));
    const ours = sent.filter((message) => message.to === firm.email);
    expect(ours).toEqual([
      expect.objectContaining({
        kind: "practising-certificate-reminder",
        valuers: ["Esther Muthoni"],
        expiresOn: yearEnd,
      }),
    ]);
  });

  it("never lets a valuer whose practising certificate expired yesterday produce a green certificate", async () => {
    const firm = await verifiedFirm();
    const valuerId = await addValuer(firm, "Joseph Kiprop", "VRB/V/4411");
    await expiredManualCheckInDb(valuerId, "VRB/V/4411", "Joseph Kiprop");
    const code = await createCodeViaApi(firm.token, valuerId);
    const certificate = await certificateOf(code.publicToken);
    expect(certificate.registerCheck).toMatchObject({ result: "expired", validUntil: daysFromToday(-1) });
    expect(certificate.html).toContain("Valuer's registration not confirmed");
    expect(certificate.html).not.toContain("Verified Authentic");
    expect((await standings(firm)).find((row) => row.valuerId === valuerId)?.check?.result).toBe("expired");
  });

  it("refuses files that are not a practising certificate, with the reason, and other firms' valuers", async () => {
    const firm = await verifiedFirm();
    const valuerId = await addValuer(firm, "Lucy Akinyi", "VRB/V/5120");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(await upload(firm, valuerId, png)).toMatchObject({
      status: 400,
      body: expect.objectContaining({ errors: ["file: This file is not a PDF"] }),
    });
    const fakePdf = new Uint8Array(Buffer.from("%PDF-1.7\nthis is not a PDF at all"));
    expect((await upload(firm, valuerId, fakePdf)).body.errors).toEqual([
      "file: This PDF is incomplete: upload the certificate as the board issued it",
    ]);
    expect((await upload(firm, valuerId, new Uint8Array(0))).status).toBe(400);
    expect((await upload(firm, valuerId, "plain text", "text/plain")).status).toBe(415);
    const tooLarge = new Uint8Array(8 * 1024 * 1024 + 1);
    tooLarge.set(PDF);
    expect((await upload(firm, valuerId, tooLarge)).status).toBe(413);
    expect((await upload(firm, await addValuer(firm, "No Number"), PDF)).status).toBe(409);
    const other = await verifiedFirm();
    expect((await upload(other, valuerId, PDF)).status).toBe(404);
    const member = await addMemberViaServices(firm);
    expect((await upload(member, valuerId, PDF)).status).toBe(403);
    const mine = await upload(firm, valuerId, PDF);
    // One upload waits per valuer: another is refused until ValuSeal has reviewed it.
    expect((await upload(firm, valuerId, PDF)).body.message).toBe(
      "This valuer's practising certificate is waiting for ValuSeal's review",
    );
    // A number with nothing to match is refused; the same number in full-width characters is the number.
    const garbled = await api("/api/valuers", {
      token: firm.token,
      body: { name: "Eve Kiptoo", registrationNumber: "VRB/0/000", isActive: true },
    });
    expect(garbled.body.errors).toEqual([
      "registrationNumber: Enter the registration number as the register writes it, like VRB/V/1182",
    ]);
    const theirs = await fetchWorker(`${ORIGIN}/api/valuers/practising-certificates/${mine.body.id}/file`, {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(theirs.status).toBe(404);
  });
});

describe("what ValuSeal knew of a valuer, kept", () => {
  it("refuses changing or deleting a check or a reviewed upload, and keeps them when the firm closes", async () => {
    const admin = await createAdminViaDb();
    const firm = await verifiedFirm();
    const valuerId = await addValuer(firm, "Samuel Mutua", "VRB/V/8080");
    await expiredManualCheckInDb(valuerId, "VRB/V/8080", "Samuel Mutua");
    const uploaded = await upload(firm, valuerId, PDF);
    await api(`/api/admin/practising-certificates/${uploaded.body.id}/review`, {
      token: admin.token,
      body: { decision: "rejected", reason: "Another valuer's certificate" },
    });
    const attempt = (statement: string) =>
      withDb((db) => db.execute(sql.raw(statement))).then(
        () => "done",
        // drizzle names the query; the database's own refusal is its cause.
        (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
      );
    expect(await attempt(`UPDATE valuer_checks SET result = 'matched' WHERE valuer_id = ${valuerId}`)).toMatch(
      /append-only/,
    );
    expect(await attempt(`DELETE FROM valuer_checks WHERE valuer_id = ${valuerId}`)).toMatch(/append-only/);
    expect(
      await attempt(`UPDATE practising_certificates SET decision = 'accepted' WHERE id = ${uploaded.body.id}`),
    ).toMatch(/kept as reviewed/);
    const file = `/api/admin/practising-certificates/${uploaded.body.id}/file`;
    expect((await api(file, { token: admin.token })).status).toBe(200);
    // Deleting the owner closes the firm (decision 066): what ValuSeal knew stays, as its
    // certificates rest on it; the uploaded file, the valuer's own document, is deleted.
    const deleted = await api(`/api/admin/users/${firm.user.id}`, { method: "DELETE", token: admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await api(file, { token: admin.token })).status).toBe(404);
    const left = await withDb((db) =>
      db.execute(
        sql`SELECT (SELECT count(*) FROM valuer_checks WHERE valuer_id = ${valuerId})::int AS checks,
          (SELECT count(*) FROM practising_certificates WHERE valuer_id = ${valuerId})::int AS uploads`,
      ),
    );
    expect((left as unknown as { rows: { checks: number; uploads: number }[] }).rows).toEqual([
      { checks: expect.any(Number), uploads: 1 },
    ]);
    expect((left as unknown as { rows: { checks: number }[] }).rows[0]!.checks).toBeGreaterThan(0);
  });
});

/** A practising certificate ValuSeal accepted, valid until yesterday: the check as it stood before the year turned. */
async function expiredManualCheckInDb(valuerId: number, registrationNumber: string, valuerName: string) {
  await withDb(async (db) => {
    const [source] = await db
      .insert(registerSources)
      .values({ jurisdiction: "KE", body: "Valuers Registration Board", kind: "manual-evidence", createdByUserId: 0 })
      .returning({ id: registerSources.id });
    await db.insert(valuerChecks).values({
      valuerId,
      kind: "manual-evidence",
      sourceId: source!.id,
      registrationNumber,
      valuerName,
      result: "matched",
      reviewedOn: daysFromToday(-300),
      validUntil: daysFromToday(-1),
      holdsThrough: daysFromToday(-1),
      lapsesAs: "expired",
    });
  });
}

describe("which evidence speaks for a valuer", () => {
  it("never lets a practising certificate override a list that suspends the valuer", async () => {
    const admin = await createAdminViaDb();
    const list = await newRegister(admin.token);
    await importList(
      admin,
      list.id,
      [HEADER, "VRB/V/9191,Rose Njambi,Suspended,2026-12-31", "VRB/V/9192,Tom Ouma,Practising,2026-12-31"].join("\n"),
      daysFromToday(0),
    );
    const firm = await verifiedFirm();
    const suspended = await addValuer(firm, "Rose Njambi", "VRB/V/9191");
    const unlisted = await addValuer(firm, "Paul Wafula", "VRB/V/9193");
    const accept = async (valuerId: number) => {
      const uploaded = await upload(firm, valuerId, PDF);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const reviewed = await api(`/api/admin/practising-certificates/${uploaded.body.id}/review`, {
        token: admin.token,
        body: { decision: "accepted", validUntil: `${new Date().getUTCFullYear()}-12-31` },
      });
      expect(reviewed.status).toBe(200);
    };
    await accept(suspended);
    await accept(unlisted);
    const now = await standings(firm);
    // The list's suspension stands; a valuer the list does not have yet is covered by the certificate.
    expect(now.find((row) => row.valuerId === suspended)?.check).toMatchObject({
      result: "suspended",
      kind: "published-list",
    });
    expect(now.find((row) => row.valuerId === unlisted)?.check).toMatchObject({
      result: "matched",
      kind: "manual-evidence",
    });
  });
});
