import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { REFERENCE_REPEATED, REFERENCE_REQUIRED } from "#schema/validation/qr-codes.ts";
import { RECENT_VALUATION } from "../shared/dates";
import { readCsv } from "../shared/csv";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { expectNoHorizontalScroll, expectToast, holdRequests, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { chooseBatchCsv } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { decodeQrPng, downloadedFile } from "./fixtures/qr-images";
import { createValuerViaApi } from "./fixtures/valuers";

const browser = useBrowser();

const csvOf = (rows: string[][]) =>
  Buffer.from(rows.map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",")).join("\r\n"));

describe("many codes at once from a CSV", () => {
  it("checks every row before issuing, issues the good ones with progress, gives their images as one ZIP, and never twice", async () => {
    const owner = await registerOwnerViaApi();
    await createValuerViaApi(owner.token);
    const { page } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/create-qr");
    await page.getByRole("link", { name: "Many reports? Create many codes at once from a spreadsheet" }).click();
    await page.getByRole("heading", { name: "Create many codes at once" }).waitFor();

    // The template's header row is the form's labels.
    const [templateDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download template" }).click(),
    ]);
    const template = await downloadedFile(templateDownload);
    expect(template.name).toBe("valuseal-codes-template.csv");
    expect(readCsv(template.bytes).header.slice(0, 3)).toEqual([
      "Your Reference",
      "Property Type",
      "Property Location",
    ]);
    // Headings only: an example row in the file could be uploaded and issued as a real certificate.
    expect(readCsv(template.bytes).rows).toEqual([]);
    await page.getByRole("definition").filter({ hasText: "JOB-2026-0142" }).waitFor();

    const date = RECENT_VALUATION.dayMonthYear;
    const [first, second] = [`JOB-${Date.now()}-A`, `JOB-${Date.now()}-B`];
    const file = csvOf([
      [
        "Your Reference",
        "Property Type",
        "Property Location",
        "Vehicle Reference Number",
        "Valuation Date",
        "Market Value",
        "Currency",
        "Signing Valuer",
        "Prepared For",
      ],
      [
        first,
        "Real Estate",
        "Plot 7, Ngong Road, Nairobi",
        "",
        date,
        "45,000,000",
        "KES",
        "Jane Wanjiku",
        "Equity Bank Kenya",
      ],
      [second, "Motor Vehicle", "", "KDA 123A", date, "2400000", "KES", "jane wanjiku", ""],
      ["JOB-no-value", "Real Estate", "Plot 9, Ngong Road", "", date, "", "KES", "Jane Wanjiku", ""],
      ["JOB-stranger", "Real Estate", "Plot 10, Ngong Road", "", date, "100", "KES", "Peter Otieno", ""],
      [first, "Real Estate", "Plot 11, Ngong Road", "", date, "100", "KES", "Jane Wanjiku", ""],
      ["", "Real Estate", "Plot 12, Ngong Road", "", date, "100", "KES", "Jane Wanjiku", ""],
      ["", "", "", "", "", "", "", "", ""],
    ]);
    const upload = (name: string) => chooseBatchCsv(page, name, file);
    await upload("November reports.csv");
    await page.getByRole("status").filter({ hasText: "6 rows: 2 ready, 4 with problems" }).waitFor();
    const row = (line: number) => page.getByRole("row").filter({ hasText: `Row ${line}` });
    await row(2).getByText("Ready").waitFor();
    await row(3).getByText("Ready").waitFor();
    await row(4).getByText("Market value is required").waitFor();
    await row(5).getByText("Signing valuer “Peter Otieno” is not an active valuer of your company").waitFor();
    await row(6).getByText(REFERENCE_REPEATED).waitFor();
    await row(7).getByText(REFERENCE_REQUIRED).waitFor();
    await expectNoHorizontalScroll(page);
    // Nothing was issued by reading the file.
    expect((await apiCall("/api/qr-codes?limit=10", { token: owner.token })).length).toBe(0);

    // The rows with problems come back as the firm wrote them, with what is wrong, to correct and upload again.
    const [problemsDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download the 4 rows with problems" }).click(),
    ]);
    const problems = await downloadedFile(problemsDownload);
    expect(problems.name).toBe("November-reports-rows-with-problems.csv");
    const problemRows = readCsv(problems.bytes).rows;
    expect(problemRows.map((problem) => [problem["Your Reference"], problem.Problems])).toEqual([
      ["JOB-no-value", "Market value is required"],
      ["JOB-stranger", "Signing valuer “Peter Otieno” is not an active valuer of your company"],
      [first, REFERENCE_REPEATED],
      ["", REFERENCE_REQUIRED],
    ]);

    // Issuing asks first, saying what issuing does.
    await page.getByRole("button", { name: "Issue 2 codes" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Issue 2 codes?" });
    await confirm.getByText(/An issued code cannot be deleted, only revoked/).waitFor();
    await confirm.getByText(/The 4 rows with problems are not issued\./).waitFor();
    const release = await holdRequests(page, "**/api/qr-codes/batch");
    await confirm.getByRole("button", { name: "Issue 2 codes" }).click();
    await page.getByRole("progressbar", { name: "Issuing codes" }).waitFor();
    await page.getByText("Issuing codes: 0 of 2").waitFor();
    release();
    expect(await expectToast(page, "2 new codes issued", "November reports.csv")).toBe("default");
    await row(2)
      .getByText(/^Issued/)
      .waitFor();
    await row(3)
      .getByText(/^Issued/)
      .waitFor();
    await page.getByRole("status").filter({ hasText: ", 2 issued" }).waitFor();
    const codes = await apiCall<
      {
        id: number;
        externalReference: string;
        qrCodeData: string;
        verificationCode: string;
        addressee: string | null;
        propertyType: string;
      }[]
    >("/api/qr-codes?limit=10", { token: owner.token });
    const byReference = new Map(codes.map((code) => [code.externalReference, code]));
    expect([...byReference.keys()].sort()).toEqual([first, second].sort());
    expect(byReference.get(first)).toMatchObject({ addressee: "Equity Bank Kenya", propertyType: "Real Estate" });
    expect(byReference.get(second)).toMatchObject({ propertyType: "Motor Vehicle" });
    await row(2)
      .getByRole("link", { name: byReference.get(first)!.verificationCode })
      .waitFor();

    const [zipDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download ZIP of the images" }).click(),
    ]);
    const zip = await downloadedFile(zipDownload);
    expect(zip.name).toBe("November-reports-qr-codes.zip");
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(files).sort()).toEqual(
      [`${first}.png`, `${first}.svg`, `${second}.png`, `${second}.svg`, "codes.csv"].sort(),
    );
    expect(decodeQrPng(Buffer.from(files[`${first}.png`]!))).toBe(byReference.get(first)!.qrCodeData);
    expect(decodeQrPng(Buffer.from(files[`${second}.png`]!))).toBe(byReference.get(second)!.qrCodeData);
    expect(new TextDecoder().decode(files[`${second}.svg`])).toContain(byReference.get(second)!.verificationCode);
    expect(readCsv(files["codes.csv"]!).rows).toEqual(
      expect.arrayContaining([
        {
          "Your Reference": first,
          "Verification Code": byReference.get(first)!.verificationCode,
          "Certificate Address": byReference.get(first)!.qrCodeData,
        },
      ]),
    );

    // The same file again: its references already have codes, so nothing new is issued.
    await upload("November reports.csv");
    await page.getByRole("status").filter({ hasText: "6 rows: 2 ready, 4 with problems" }).waitFor();
    await page.getByRole("button", { name: "Issue 2 codes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Issue 2 codes" }).click();
    await expectToast(page, "0 new codes issued", "2 had their codes already");
    await row(2)
      .getByText(/^Already issued/)
      .waitFor();
    expect((await apiCall("/api/qr-codes?limit=10", { token: owner.token })).length).toBe(2);
  });
});
