import { RECORD_TYPES, type CertificateRecord } from "../schema/signed-records";
import { pageFingerprintsRoot } from "../verifier/hashes";
import { signerFor } from "../worker/lib/signing";
import type { SigningKey } from "../worker/config";

/**
 * The benchmark's Worker (bench/signing.ts runs it in workerd through Miniflare): `/sign?n=&pages=`
 * signs n certificate records the way issuing and sealing do (signing.ts's signer; with `pages`, a
 * sealed report of that many pages, its Merkle root computed for each record); `/unsigned` builds
 * and serialises the same records without root or signature: the baseline the difference is taken from.
 */
const issued = (iat: number): CertificateRecord => ({
  v: 1,
  iss: "https://verify.valuseal.com",
  iat,
  event: "issued",
  code: {
    address: "https://verify.valuseal.com/v/zFpDw7511YjHXTQ0",
    token: "zFpDw7511YjHXTQ0",
    verificationCode: "VS-7K3M-9Q2P-4H",
    issuedAt: "2026-11-25T09:30:00.000Z",
  },
  issuer: {
    name: "Riverside Valuers Ltd",
    email: "reports@riverside-valuers.co.ke",
    phone: "+254712345678",
    registrationBody: "Valuers Registration Board (Kenya)",
    registrationNumber: "VRB/2019/0456",
    verifiedAt: "2026-11-01T08:00:00.000Z",
  },
  valuer: {
    name: "Jane Wanjiku Mwangi",
    qualification: "MRICS, Registered Valuer",
    registrationNumber: "RV 1234",
    phone: "+254712345678",
  },
  property: {
    address: "Plot 14, Riverside Drive, Westlands, Nairobi",
    reference: "LR No. 209/12345/7",
    area: "Westlands",
    type: "Real Estate",
    size: "2450",
    sizeUnit: "sqft",
    landSize: "0.5",
    landSizeUnit: "acres",
    titleNumber: "Nairobi/Block 209/12345",
    latitude: "-1.2650000",
    longitude: "36.8030000",
  },
  valuation: {
    marketValue: "45000000.00",
    forcedSaleValue: "33750000.00",
    currency: "KES",
    valuationDate: "2026-11-20",
    inspectionDate: "2026-11-18",
    validUntil: "2027-05-20",
    addressee: "Equity Bank Kenya Ltd",
    purpose: "Mortgage security",
  },
  withdrawal: null,
  sealedReport: null,
});

/** The record as signing builds it; `withRoot` false is the unsigned baseline, which needs no Merkle root. */
async function record(iat: number, pages: number, withRoot: boolean): Promise<CertificateRecord> {
  if (pages === 0) return issued(iat);
  const pageFingerprints = Array.from({ length: pages }, (_, index) => (index + iat).toString(16).padStart(64, "0"));
  return {
    ...issued(iat),
    event: "sealed",
    sealedReport: {
      version: 1,
      sha256: "ab".repeat(32),
      pageCount: pages,
      pageFingerprints,
      pageFingerprintsRoot: withRoot ? await pageFingerprintsRoot(pageFingerprints) : "",
    },
  };
}

export default {
  async fetch(request: Request, env: { SIGNING_KEY: string }): Promise<Response> {
    const url = new URL(request.url);
    const count = Number(url.searchParams.get("n") ?? 1);
    const pages = Number(url.searchParams.get("pages") ?? 0);
    const signer = await signerFor(JSON.parse(env.SIGNING_KEY) as SigningKey);
    let bytes = 0;
    const signing = url.pathname === "/sign";
    for (let index = 0; index < count; index += 1) {
      const payload = await record(index, pages, signing);
      bytes += signing ? (await signer.sign(RECORD_TYPES.certificate, payload)).length : JSON.stringify(payload).length;
    }
    return Response.json({ count, bytes });
  },
};
