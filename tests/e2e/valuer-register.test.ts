import { describe, expect, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { createValuerViaApi, expiredPractisingCertificateInDb } from "./fixtures/valuers";

/**
 * Valuers checked against the register, in the browser (decision 062): an administrator previews
 * and imports the board's lists on the Valuer Registers screen, the firm reads each valuer's check
 * on its Valuers screen (on a phone), uploads a practising certificate there for review, and a
 * certificate shows the check frozen the day it was issued. One file: every valuer is checked
 * against the newest Kenyan list, so its imports run one after another.
 */
const browser = useBrowser();

const number = (index: number) => `VRB/V/${String(index).padStart(4, "0")}`;

function registerCsv(count: number, edit: (rows: string[][]) => string[][] = (rows) => rows) {
  const rows = Array.from({ length: count }, (_, index) => [
    number(index + 1),
    `Valuer Number${index + 1} Wekesa`,
    "Practising",
    "2026-12-31",
  ]);
  return ["Registration number,Name,Status,Valid until", ...edit(rows).map((row) => row.join(","))].join("\n");
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function verifiedFirm() {
  const owner = await registerOwnerViaApi();
  await verifyCompanyViaAdmin(owner.user.company.id);
  return owner;
}

describe("the valuer registers", () => {
  it("shows a snapshot's removal and renaming before it is imported, then the firm's Valuers screen says what to do", async () => {
    const admin = await createAdminViaDb();
    const board = `Valuers Registration Board ${Date.now().toString(36)}`;
    const firm = await verifiedFirm();
    const removed = await createValuerViaApi(firm.token, { name: "Valuer Number5 Wekesa", registrationNumber: "V 5" });
    const renamed = await createValuerViaApi(firm.token, {
      name: "Valuer Number7 Wekesa",
      registrationNumber: "V/0007",
    });
    const { page } = await browser.newPage({ token: admin.token });

    await page.goto("/admin/registers");
    const addForm = page.getByRole("region", { name: "Add a register" });
    await addForm.getByLabel("Kept by").fill(board);
    await addForm.getByRole("button", { name: "Add register" }).click();
    await expectToast(page, "Register added");
    const register = page.getByRole("region", { name: board });

    const importFile = async (name: string, csv: string, publishedOn: string) => {
      await register
        .getByLabel(`Snapshot file of ${board}`)
        .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
      const changes = register.getByLabel("What this snapshot changes");
      await changes.waitFor();
      return {
        changes,
        confirm: async () => {
          await register.getByLabel("Published on").fill(publishedOn);
          await register.getByRole("button", { name: "Import this snapshot" }).click();
        },
      };
    };
    const first = await importFile("register-a.csv", registerCsv(100), day(-1));
    await first.changes.getByText("Added (100)").waitFor();
    await first.confirm();
    await expectToast(page, "Snapshot imported: 100 registrations, 0 removed");

    const second = await importFile(
      "register-b.csv",
      registerCsv(100, (rows) =>
        rows
          .filter((row) => row[0] !== number(5))
          .map((row) => (row[0] === number(7) ? [row[0]!, "Otieno Peter", row[2]!, row[3]!] : row)),
      ),
      day(0),
    );
    // The dry run names both changes before anything is written.
    await second.changes.getByText("Removed (1)").waitFor();
    await second.changes.getByText(`${number(5)} · Valuer Number5 Wekesa`).waitFor();
    await second.changes.getByText("Changed (1)").waitFor();
    await second.changes.getByText(`${number(7)} · Valuer Number7 Wekesa → Otieno Peter`).waitFor();
    await second.confirm();
    await expectToast(page, "Snapshot imported: 99 registrations, 1 removed");
    await register.getByRole("cell", { name: "register-b.csv" }).waitFor();

    // The firm, on a phone: each valuer's check and what to do about it.
    const { page: phone } = await browser.newPage({ token: firm.token, viewport: PHONE_VIEWPORT });
    await phone.goto("/valuers");
    const rowOf = (name: string) => phone.locator("tr", { hasText: name });
    await rowOf(removed.name).getByText("Removed from the register").waitFor();
    await rowOf(removed.name)
      .getByText(/no longer lists V 5; codes this valuer signs read “Valuer's registration not confirmed”/)
      .waitFor();
    await rowOf(renamed.name).getByText("Name differs").waitFor();
    await rowOf(renamed.name)
      .getByText(/lists V\/0007 under another name/)
      .waitFor();
    await expectNoHorizontalScroll(phone);

    // A code the removed valuer signs from now on is amber, with the register line saying why.
    const code = await createCodeViaApi(firm.token, removed.id);
    await phone.goto(`/v/${code.publicToken}`);
    await phone.getByText("Valuer's registration not confirmed").first().waitFor();
    await phone
      .getByText(new RegExp(`Registration V 5 had been removed from the ${board} register published`))
      .waitFor();
    expect(await phone.getByText("Verified Authentic").count()).toBe(0);
  });

  it("takes a practising certificate from the firm's phone to the administrator's review and onto the next certificate", async () => {
    const admin = await createAdminViaDb();
    const firm = await verifiedFirm();
    const valuer = await createValuerViaApi(firm.token, {
      name: "Faith Chebet",
      registrationNumber: `VRB/V/${Math.floor(Math.random() * 80_000) + 10_000}`,
    });
    const { page: phone } = await browser.newPage({ token: firm.token, viewport: PHONE_VIEWPORT });
    await phone.goto("/valuers");
    const row = phone.locator("tr", { hasText: "Faith Chebet" });
    await row.getByLabel("Practising certificate of Faith Chebet").setInputFiles({
      name: "chebet-2026.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\nnot really a PDF"),
    });
    await expectToast(phone, "Upload refused", "This PDF is incomplete: upload the certificate as the board issued it");
    await row.getByLabel("Practising certificate of Faith Chebet").setInputFiles({
      name: "chebet-2026.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
      ),
    });
    await expectToast(phone, "Practising certificate uploaded");
    await row.getByText(/waiting for ValuSeal's review/).waitFor();

    const { page } = await browser.newPage({ token: admin.token });
    await page.goto("/admin/registers");
    const upload = page.getByRole("list", { name: "Practising certificates to review" }).getByRole("listitem").filter({
      hasText: "Faith Chebet",
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      upload.getByRole("button", { name: "Open file" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^practising-certificate-\d+\.pdf$/);
    const yearEnd = `${new Date().getFullYear()}-12-31`;
    await expect(upload.getByLabel("Valid until").inputValue()).resolves.toBe(yearEnd);
    await upload.getByRole("button", { name: "Accept" }).click();
    await expectToast(page, "Practising certificate accepted");

    await phone.reload();
    await row.getByText("Practising certificate accepted").waitFor();
    const code = await createCodeViaApi(firm.token, valuer.id);
    await phone.goto(`/v/${code.publicToken}`);
    await phone.getByText(/practising certificate from the .+, valid until 31 December/).waitFor();
    await phone.getByText("Verified Authentic").first().waitFor();
  });

  it("never shows green for a valuer whose practising certificate expired yesterday, and says so on the Valuers screen", async () => {
    const firm = await verifiedFirm();
    const valuer = await createValuerViaApi(firm.token, { name: "Peter Kiprono", registrationNumber: "VRB/V/7788" });
    await expiredPractisingCertificateInDb(valuer, "VRB/V/7788");
    const { page } = await browser.newPage({ token: firm.token, viewport: PHONE_VIEWPORT });
    await page.goto("/valuers");
    const row = page.locator("tr", { hasText: "Peter Kiprono" });
    await row.getByText("Practising certificate expired").waitFor();
    await row.getByText(/upload this year's/).waitFor();

    const code = await createCodeViaApi(firm.token, valuer.id);
    expect((await apiCall(`/api/qr-codes/${code.id}`, { token: firm.token })).valuerRegisterCheck).toMatchObject({
      result: "expired",
    });
    await page.goto(`/qr/${code.id}`);
    await page.getByText(/Scanning this code shows “Valuer's registration not confirmed”/).waitFor();
    await page.goto(`/v/${code.publicToken}`);
    await page.getByText("Valuer's registration not confirmed").first().waitFor();
    await page.getByText(/the practising certificate ValuSeal reviewed expired on/).waitFor();
    expect(await page.getByText("Verified Authentic").count()).toBe(0);
  });
});
