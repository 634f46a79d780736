import { describe, expect, it } from "vitest";
import { publicCertificateSchema } from "#schema/validation/certificate.ts";
import { randomToken } from "#worker/lib/random.ts";
import { RECENT_VALUATION, RECENT_VALUATION_DAYS, valuationDay } from "../shared/dates";
import { DAY_MS } from "#schema/limits.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode, VEHICLE_CODE, verificationCount } from "./fixtures/codes";
import { api, inOneRateLimitWindow, ORIGIN, randomIp, unique } from "./fixtures/http";
import { orphanScansFor, scanEventsOf, USER_AGENTS } from "./fixtures/scans";
import { insertValuer } from "./fixtures/valuers";

const certificate = (token: string, options: { ip?: string; userAgent?: string } = {}) =>
  api(`/api/public/certificates/${token}`, {
    ip: options.ip ?? randomIp(),
    headers: { "User-Agent": options.userAgent ?? USER_AGENTS.iphone },
  });

describe("GET /api/public/certificates/:token", () => {
  it("returns exactly the spec's payload plus the code's state, counting the scan", async () => {
    const owner = await registerOwnerViaServices({
      name: "Payload Valuers",
      email: `${unique("payload")}@example.com`,
    });
    const valuer = await insertValuer(owner.user.companyId!, {
      name: "Mary Achieng",
      qualification: "BSc Land Economics",
      phone: "+254 722 333 444",
    });
    const code = await insertCode(owner, {
      valuerId: valuer.id,
      verificationCount: 4,
      addressee: "Equity Bank Kenya Ltd",
      purpose: "Secured lending",
      inspectionDate: new Date(valuationDay(RECENT_VALUATION_DAYS + 2).timestamp),
      forcedSaleValue: "33750000",
      titleNumber: "LR No. 209/1234",
    });

    const res = await certificate(code.publicToken);

    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toEqual({
      propertyAddress: "Plot 7, Riverside Drive, Nairobi",
      propertyReference: "VAL-2025-001",
      propertyArea: null,
      propertyType: "Real Estate",
      propertySize: "2450.00",
      propertySizeUnit: "sqft",
      landSize: "0.5000",
      landSizeUnit: "acres",
      marketValue: "45000000.00",
      currency: "KES",
      valuationDate: RECENT_VALUATION.timestamp,
      signingValuer: "Mary Achieng",
      valuerQualification: "BSc Land Economics",
      valuerPhone: "+254 722 333 444",
      companyName: "Payload Valuers",
      companyEmail: owner.email,
      companyPhone: "+254700000001",
      issuerRegistration: null,
      qrCodeId: code.publicToken,
      verificationCount: 5,
      status: "valid",
      revokedAt: null,
      revokedReason: null,
      supersededBy: null,
      valuerRegistrationNumber: null,
      issuerVerified: false,
      issuerTrust: "not-verified",
      valuerRegisterCheck: null,
      issuerVerifiedAt: null,
      issuerSuspendedAt: null,
      issuerClosedAt: null,
      reinstatement: null,
      addressee: "Equity Bank Kenya Ltd",
      purpose: "Secured lending",
      inspectionDate: valuationDay(RECENT_VALUATION_DAYS + 2).timestamp,
      forcedSaleValue: "33750000.00",
      titleNumber: "LR No. 209/1234",
      validUntil: new Date(new Date(RECENT_VALUATION.timestamp).getTime() + 90 * DAY_MS).toISOString(),
      verificationCode: formatVerificationCode(code.verificationCode),
      relianceLetters: [],
    });
    expect(publicCertificateSchema.strict().parse(res.body)).toEqual(res.body);
    expect(await verificationCount(code.id)).toBe(5);
    expect(await scanEventsOf(code.id)).toHaveLength(1);
  });

  it("gives a Motor Vehicle's reference number and description, with no location or sizes", async () => {
    const code = await insertCode(await registerOwnerViaServices(), VEHICLE_CODE);
    const res = await certificate(code.publicToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      propertyType: "Motor Vehicle",
      propertyAddress: "",
      propertyReference: "KDA 123A",
      propertyArea: "Toyota Land Cruiser 2021, white",
      propertySize: null,
      landSize: null,
    });
  });

  it("reports a code revoked for a replacement as superseded, with date, reason and the replacing code's address", async () => {
    const owner = await registerOwnerViaServices();
    const replacement = await insertCode(owner);
    const code = await insertCode(owner, {
      revokedAt: new Date("2025-02-01T08:30:00Z"),
      revokedReason: "Superseded by a new valuation",
      supersededById: replacement.id,
    });
    const res = await certificate(code.publicToken);
    expect(res.body).toMatchObject({
      status: "superseded",
      revokedAt: "2025-02-01T08:30:00.000Z",
      revokedReason: "Superseded by a new valuation",
      supersededBy: `${ORIGIN}/v/${replacement.publicToken}`,
    });
  });

  it("answers unknown and malformed tokens with 404 'Invalid QR code data' and logs them as orphans", async () => {
    const unknown = randomToken(16);
    const res = await certificate(unknown);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "Invalid QR code data" });
    expect(await orphanScansFor(unknown)).toHaveLength(1);

    const malformed = unique("bad");
    expect((await certificate(malformed)).status).toBe(404);
    expect(await orphanScansFor(malformed)).toHaveLength(1);
  });

  it("does not count link previews", async () => {
    const code = await insertCode(await registerOwnerViaServices());
    const res = await certificate(code.publicToken, { userAgent: USER_AGENTS.whatsapp });
    expect(res.body.verificationCount).toBe(0);
    expect(await verificationCount(code.id)).toBe(0);
  });

  it("returns the landing page's demo as a sample, uncounted", async () => {
    const res = await certificate("demo");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ qrCodeId: "demo", status: "sample", verificationCount: 0 });
    expect(publicCertificateSchema.parse(res.body).propertyAddress).toBe(
      "Plot 12, Riverside Drive, Westlands, Nairobi",
    );
  });

  it("is rate limited per client address", async () => {
    const statuses = await inOneRateLimitWindow(30_000, async () => {
      const ip = randomIp();
      const token = randomToken(16);
      const seen: number[] = [];
      for (let index = 0; index < 125; index += 1) seen.push((await certificate(token, { ip })).status);
      return seen;
    });
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 180_000);
});
