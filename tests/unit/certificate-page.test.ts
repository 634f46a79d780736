import { describe, expect, it } from "vitest";
import type { PublicCertificate } from "#schema/validation/certificate.ts";
import { readerOf, renderCertificatePage, type Reader } from "#worker/lib/certificate-page.ts";
import { certificateSections } from "#verifier/certificate-sections.ts";
import { CERTIFICATE_TEXTS } from "#verifier/texts/certificate-page.ts";

const TOKEN = "Ab3dEf6hIj9kLm2n";

const certificate: PublicCertificate = {
  propertyAddress: "Plot 12, Ngong Road, Nairobi",
  propertyReference: "VAL/2025/014",
  propertyArea: null,
  propertyType: "Real Estate",
  propertySize: "2450",
  propertySizeUnit: "sqft",
  landSize: "0.5",
  landSizeUnit: "acres",
  marketValue: "45000000.00",
  currency: "KES",
  valuationDate: "2025-04-15T00:00:00.000Z",
  signingValuer: "Grace Wanjiru",
  valuerQualification: "MISK",
  valuerPhone: "+254 700 000000",
  companyName: "Acme Valuers Ltd",
  companyEmail: "office@acme.example",
  companyPhone: "+254 20 000000",
  issuerRegistration: "Valuers Registration Board (Kenya) VRB/F/042",
  qrCodeId: TOKEN,
  verificationCount: 1234,
  status: "valid",
  revokedAt: null,
  revokedReason: null,
  supersededBy: null,
  valuerRegistrationNumber: "VRB/123",
  valuerRegisterCheck: null,
  issuerVerified: true,
  issuerTrust: "verified",
  issuerVerifiedAt: "2025-01-10T08:00:00.000Z",
  issuerSuspendedAt: null,
  issuerClosedAt: null,
  reinstatement: null,
  addressee: "Kenya Commercial Bank",
  purpose: "Secured lending",
  inspectionDate: "2025-04-10T00:00:00.000Z",
  forcedSaleValue: "33750000.00",
  titleNumber: "NAIROBI/BLOCK 12/345",
  validUntil: "2025-07-14T00:00:00.000Z",
  verificationCode: "VS-7K3M-9Q2P-4H",
  relianceLetters: [],
};

const english: Reader = { host: "verify.example.com", language: "en", switchHref: `/v/${TOKEN}?lang=sw`, carry: "" };
const swahili: Reader = { ...english, language: "sw", switchHref: `/v/${TOKEN}?lang=en` };

const render = async (changes: Partial<PublicCertificate>, reader = english) =>
  String(await renderCertificatePage({ ...certificate, ...changes }, reader));

/** The one status badge in the page's header: its tone and its words. */
async function badgeOf(changes: Partial<PublicCertificate>) {
  const header = /<header>[\s\S]*?<\/header>/.exec(await render(changes))?.[0] ?? "";
  const badges = [...header.matchAll(/<p class="badge (\w+)">([^<]*)<\/p>/g)].map(([, tone, text]) => ({
    tone,
    text: text!.replace(/&#\d+;\s*/, "").replaceAll("&#39;", "'"),
  }));
  expect(badges).toHaveLength(1);
  return badges[0];
}

describe("readerOf", () => {
  it("speaks the browser's language and offers the other without pinning the choice", () => {
    expect(readerOf(`https://verify.example.com/v/${TOKEN}`, "sw-KE,en;q=0.5", "verify.example.com")).toEqual({
      host: "verify.example.com",
      language: "sw",
      switchHref: `/v/${TOKEN}?lang=en`,
      carry: "",
    });
  });

  it("follows ?lang= over the browser and carries that choice to the next page", () => {
    expect(readerOf(`https://verify.example.com/v/${TOKEN}?lang=en`, "sw", "verify.example.com")).toMatchObject({
      language: "en",
      switchHref: `/v/${TOKEN}?lang=sw`,
      carry: "?lang=en",
    });
  });

  it("keeps the other parameters in the switch link, and carries nothing for an unknown choice", () => {
    const reader = readerOf(
      "https://verify.example.com/verify?code=VS-7K3M-9Q2P-4H&lang=fr",
      undefined,
      "verify.example.com",
    );
    expect(reader).toMatchObject({ language: "en", carry: "", switchHref: "/verify?code=VS-7K3M-9Q2P-4H&lang=sw" });
  });
});

describe("renderCertificatePage: the status", () => {
  it("says Verified Authentic only for a valid code of a verified issuer", async () => {
    expect(await badgeOf({})).toEqual({ tone: "ok", text: "Verified Authentic" });
    expect(await render({})).toContain("Verified by ValuSeal on 10 January 2025");
  });

  it("shows a valid code of an unverified issuer as a record under an amber notice", async () => {
    expect(await badgeOf({ issuerVerified: false, issuerTrust: "not-verified", issuerVerifiedAt: null })).toEqual({
      tone: "warn",
      text: "Issuer not verified by ValuSeal",
    });
  });

  it("says what the register showed of the valuer on the day of issue, in both languages, and never checked when it was not", async () => {
    const matched = {
      result: "matched",
      kind: "published-list",
      body: "Valuers Registration Board",
      registrationNumber: "VRB/V/1182",
      publishedOn: "2026-01-15",
      reviewedOn: null,
      validUntil: null,
      checkedOn: "2026-03-02",
    } as const;
    const page = await render({ valuerRegisterCheck: matched });
    expect(page).toContain(
      "Registration VRB/V/1182 appeared on the Valuers Registration Board register published 15 January 2026 (checked 2 March 2026)",
    );
    expect(await badgeOf({ valuerRegisterCheck: matched })).toEqual({ tone: "ok", text: "Verified Authentic" });
    expect(await render({ valuerRegisterCheck: matched }, swahili)).toContain(
      "Usajili VRB/V/1182 ulionekana kwenye rejista ya Valuers Registration Board iliyochapishwa 15 Januari 2026 (iliangaliwa 2 Machi 2026)",
    );
    expect(await render({})).toContain("Registration not checked by ValuSeal");
    expect(await badgeOf({})).toEqual({ tone: "ok", text: "Verified Authentic" });
    // A failed check keeps even a verified firm's certificate from green, with the reason.
    const removed = { ...matched, result: "removed" } as const;
    expect(await badgeOf({ valuerRegisterCheck: removed })).toEqual({
      tone: "warn",
      text: "Valuer's registration not confirmed",
    });
    expect(await render({ valuerRegisterCheck: removed })).toContain(
      "Registration VRB/V/1182 had been removed from the Valuers Registration Board register published 15 January 2026 (checked 2 March 2026)",
    );
    const expired = {
      ...matched,
      result: "expired",
      kind: "manual-evidence",
      publishedOn: null,
      reviewedOn: "2026-02-05",
      validUntil: "2026-12-31",
      checkedOn: "2027-01-04",
    } as const;
    expect(await badgeOf({ valuerRegisterCheck: expired })).toEqual({
      tone: "warn",
      text: "Valuer's registration not confirmed",
    });
    expect(await render({ valuerRegisterCheck: expired })).toContain(
      "Registration VRB/V/1182: the practising certificate ValuSeal reviewed expired on 31 December 2026 (checked 4 January 2027)",
    );
  });

  it("shows an expired code in amber with the day it expired, whoever issued it", async () => {
    expect(await badgeOf({ status: "expired" })).toEqual({ tone: "warn", text: "Expired" });
    const page = await render({ status: "expired" });
    expect(page).toContain("This valuation expired on 14 July 2025.");
    expect(page).not.toContain("Verified Authentic");
  });

  it("shows a revoked code in red with the day and the reason", async () => {
    const revoked = {
      status: "revoked",
      revokedAt: "2025-05-02T09:30:00.000Z",
      revokedReason: "Wrong plot number",
    } as const;
    expect(await badgeOf(revoked)).toEqual({ tone: "bad", text: "Revoked" });
    const page = await render(revoked);
    expect(page).toContain("Revoked on 2 May 2025");
    expect(page).toContain("Reason: Wrong plot number");
    expect(page).not.toContain("Verified Authentic");
  });

  it("shows a superseded code in red with a link to the code that replaces it", async () => {
    const successor = "https://verify.example.com/v/Zz9yXx8wVv7uTt6s";
    const superseded = {
      status: "superseded",
      revokedAt: "2025-05-02T09:30:00.000Z",
      revokedReason: "Corrected valuation",
      supersededBy: successor,
    } as const;
    expect(await badgeOf(superseded)).toEqual({ tone: "bad", text: "Superseded" });
    expect(await render(superseded)).toContain(`<a href="${successor}">Open the new valuation</a>`);
  });

  it("labels the landing page's sample as a sample, never counted", async () => {
    expect(await badgeOf({ status: "sample", issuerVerified: false, issuerTrust: "not-verified" })).toEqual({
      tone: "note",
      text: "Sample",
    });
    const sample = await render({ status: "sample" });
    expect(sample).toContain("<dd>Not counted (sample)</dd>");
    expect(sample).not.toContain("1,234");
    expect(await render({})).toContain("<dd>1,234</dd>");
  });
});

/** The summary section's text, tags dropped and spaces collapsed, and where it sits in the page. */
async function summaryOf(changes: Partial<PublicCertificate>, context = {}, reader = english) {
  const page = String(await renderCertificatePage({ ...certificate, ...changes }, reader, context));
  const match = /<section class="summary"[\s\S]*?<\/section>/.exec(page);
  const text = (match?.[0] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { page, text, at: match?.index ?? -1 };
}

describe("renderCertificatePage: the summary", () => {
  it("leads to the offline verifier, to check the signed record and the PDF with no connection", async () => {
    const { page } = await summaryOf({});
    expect(page).toContain('<a href="/verifier?download">Download the offline verifier</a>');
    expect((await summaryOf({}, {}, swahili)).page).toContain(
      '<a href="/verifier?download">Pakua kikaguzi kisichohitaji mtandao</a>',
    );
  });

  it("says under the badge what a green page proves: the record, not the paper in hand", async () => {
    const { page } = await summaryOf({});
    expect(page).toContain("Genuine record from a verified firm — check that your copy matches");
    expect((await summaryOf({}, {}, swahili)).page).toContain(
      "Rekodi halali kutoka kampuni iliyothibitishwa — hakikisha nakala yako inalingana nayo",
    );
    expect((await summaryOf({ status: "revoked", revokedAt: null, revokedReason: "x" })).page).toContain(
      "Withdrawn by the issuer — do not rely on this valuation",
    );
  });

  it("puts the issuer and ValuSeal's word on it, the value, its dates and the valuer before every detail", async () => {
    const { page, text, at } = await summaryOf({});
    expect(text).toBe(
      "Issuer Acme Valuers Ltd Verified by ValuSeal on 10 January 2025 Market value KSh 45,000,000.00 " +
        "Valuation date 15 April 2025 Signing valuer Grace Wanjiru Valid until 14 July 2025 " +
        "The issuer did not seal a PDF of this report with ValuSeal: compare your copy with the details below.",
    );
    expect(at).toBeGreaterThan(page.indexOf("</header>"));
    expect(at).toBeLessThan(page.indexOf("<h2>Property Information</h2>"));
    const swahili_ = await summaryOf({}, {}, swahili);
    expect(swahili_.text).toContain("Mtoaji Acme Valuers Ltd Imethibitishwa na ValuSeal tarehe 10 Januari 2025");
  });

  it("says when ValuSeal does not vouch for the issuer, and when it suspended it", async () => {
    expect((await summaryOf({ issuerTrust: "not-verified", issuerVerifiedAt: null })).text).toContain(
      "Acme Valuers Ltd Not verified by ValuSeal",
    );
    const suspended = await summaryOf({ issuerTrust: "suspended", issuerSuspendedAt: "2025-06-01T10:00:00.000Z" });
    expect(suspended.text).toContain("Acme Valuers Ltd Suspended by ValuSeal on 1 June 2025");
  });

  it("says beside an unchanged verdict when the issuer's account closed, in the reader's language", async () => {
    const open = await summaryOf({});
    expect(open.page).not.toContain("account closed");
    const closed = await summaryOf({ issuerClosedAt: "2026-11-30T02:00:00.000Z" });
    expect(closed.page).toContain('<p class="badge ok">&#10003; Verified Authentic</p>');
    expect(closed.page).toContain('<p class="closed">Issuer account closed on 30 November 2026</p>');
    const inSwahili = await summaryOf({ issuerClosedAt: "2026-11-30T02:00:00.000Z" }, {}, swahili);
    expect(inSwahili.page).toContain('<p class="closed">Akaunti ya mtoaji ilifungwa tarehe 30 Novemba 2026</p>');
  });

  it("offers the check of the PDF in hand as the main button for a sealed code, a quieter one once withdrawn", async () => {
    const sealed = await summaryOf({}, { sealedPageCount: 4 });
    expect(sealed.page).toMatch(
      new RegExp(`<a class="button" href="/v/${TOKEN}/check"\\s*>Check the PDF you were given</a\\s*>`),
    );
    expect(sealed.text).not.toContain("did not seal");
    const revoked = await summaryOf({ status: "revoked", revokedAt: null, revokedReason: "x" }, { sealedPageCount: 4 });
    expect(revoked.page).toContain(`<a class="button quiet" href="/v/${TOKEN}/check"`);
  });

  it("puts a withdrawn code's notice before its value and dates", async () => {
    const { page, at } = await summaryOf({ status: "revoked", revokedAt: null, revokedReason: "Wrong plot" });
    expect(page.indexOf("Reason: Wrong plot")).toBeGreaterThan(0);
    expect(page.indexOf("Reason: Wrong plot")).toBeLessThan(at);
    const valid = await summaryOf({ issuerTrust: "not-verified", issuerVerifiedAt: null });
    expect(valid.page.indexOf('class="banner warn"')).toBeGreaterThan(valid.at);
  });

  it("has no summary for the landing page's sample", async () => {
    expect((await summaryOf({ status: "sample" })).at).toBe(-1);
  });
});

describe("renderCertificatePage: the values", () => {
  it("writes money from the decimal string to the cent, with the product's symbol", async () => {
    const page = await render({ marketValue: "9999999999999.99", forcedSaleValue: "0.01", currency: "USD" });
    expect(page).toContain("<dd>$ 9,999,999,999,999.99</dd>");
    expect(page).toContain("<dd>$ 0.01</dd>");
    expect(await render({})).toContain("<dd>KSh 45,000,000.00</dd>");
  });

  it("writes dates and numbers in the reader's language", async () => {
    const page = await render({}, swahili);
    expect(page).toContain('<html lang="sw">');
    expect(page).toContain("15 Aprili 2025");
    expect(page).toContain("Imethibitishwa kuwa Halali");
  });

  it("escapes every value it shows", async () => {
    const page = await render({ propertyAddress: '<script>alert("x")</script>', addressee: "A & B" });
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page).toContain("A &amp; B");
  });

  it("leaves out the fields a valuation does not have", async () => {
    const page = await render({ forcedSaleValue: null, inspectionDate: null, titleNumber: null, landSize: null });
    expect(page).not.toContain("Forced sale value");
    expect(page).not.toContain("Inspection date");
    expect(page).not.toContain("Title number");
    expect(page).not.toContain("Land size");
    expect(page).toContain("Building size");
  });
});

describe("what the certificate shows of what was valued (the scanned page and the web app's view)", () => {
  const asStored = {
    language: "en" as const,
    date: (iso: string) => iso,
    money: (value: string) => value,
    quantity: (value: string | null) => value,
  };
  const propertyRows = (changes: Partial<PublicCertificate>, language: "en" | "sw" = "en") =>
    certificateSections({ ...certificate, ...changes }, CERTIFICATE_TEXTS[language], asStored)[0]!.rows.slice(0, 2);

  it("gives a property its location and reference, in the reader's language", () => {
    expect(propertyRows({})).toEqual([
      ["Location", "Plot 12, Ngong Road, Nairobi"],
      ["Reference", "VAL/2025/014"],
    ]);
    expect(propertyRows({}, "sw")).toEqual([
      [CERTIFICATE_TEXTS.sw.location, "Plot 12, Ngong Road, Nairobi"],
      [CERTIFICATE_TEXTS.sw.reference, "VAL/2025/014"],
    ]);
    expect(CERTIFICATE_TEXTS.sw.location).not.toBe("Location");
  });

  it("gives a vehicle its reference number and description", () => {
    expect(
      propertyRows({ propertyType: "Motor Vehicle", propertyReference: "KDA 123A", propertyArea: "Toyota Prado 2019" }),
    ).toEqual([
      ["Vehicle Reference Number", "KDA 123A"],
      ["Vehicle Description", "Toyota Prado 2019"],
    ]);
  });
});
