import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as tables from "../schema/tables";
import { changeCredits } from "../worker/services/billing/credits";
import { RECENT_VALUATION } from "../tests/shared/dates";
import { totpCode } from "../tests/shared/second-factor";
import { expectJson } from "./http";

export const BENCH_PASSWORD = "bench-correct-horse-battery";

export interface Account {
  token: string;
  email: string;
  userId: number;
  companyId: number;
}

/**
 * A company owner registered through the public API, as a valuation firm signs up, then signed in
 * (registration signs nobody in). The email is marked confirmed in the database (the benchmark
 * measures routes, not the inbox), so the account can issue codes.
 */
/** Credits a benchmark firm starts with: more than any run issues. */
const BENCH_FIRM_CREDITS = 10_000_000;

export async function registerCompany(
  origin: string,
  pool: pg.Pool,
  label: string,
  companyName: string,
): Promise<Account> {
  const email = `${label}-${Date.now().toString(36)}@bench.invalid`;
  await expectJson<{ message: string }>(202, origin, "/api/register", {
    body: {
      firstName: "Bench",
      lastName: label,
      name: companyName,
      email,
      phone: "+254700000001",
      location: "Nairobi",
      password: BENCH_PASSWORD,
      confirmPassword: BENCH_PASSWORD,
    },
  });
  const body = await expectJson<{ token: string; user: { id: number; companyId: number } }>(200, origin, "/api/login", {
    body: { email, password: BENCH_PASSWORD },
  });
  await pool.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [body.user.id]);
  // Paid ahead, as a firm that bought credits: the benchmark's issues measure issuing, debit included.
  await changeCredits(drizzle({ client: pool, schema: tables, casing: "snake_case" }), {
    companyId: body.user.companyId,
    kind: "grant",
    credits: BENCH_FIRM_CREDITS,
    idempotencyKey: `bench:${body.user.companyId}`,
    reason: "Benchmark firm",
  });
  return { token: body.token, email, userId: body.user.id, companyId: body.user.companyId };
}

/**
 * Registers, then promotes to platform administrator as `npm run admin:create` would, signs in
 * again and sets up two-step sign-in in that session (the admin routes answer only then).
 */
export async function createAdmin(origin: string, pool: pg.Pool): Promise<Account> {
  const account = await registerCompany(origin, pool, "admin", "Bench Platform Administration");
  await pool.query("UPDATE users SET role = 'admin', company_id = NULL WHERE id = $1", [account.userId]);
  const { token } = await expectJson<{ token: string }>(200, origin, "/api/login", {
    body: { email: account.email, password: BENCH_PASSWORD },
  });
  const { secret } = await expectJson<{ secret: string }>(201, origin, "/api/profile/security/totp", {
    token,
    body: { currentPassword: BENCH_PASSWORD },
  });
  await expectJson(200, origin, "/api/profile/security/totp/confirm", { token, body: { code: totpCode(secret) } });
  return { ...account, token };
}

export interface IssuedCode {
  id: number;
  publicToken: string;
  address: string;
  /** The valuer who signed it, to sign more. */
  valuerId: number;
  /** As printed under the QR, "VS-7K3M-9Q2P-4H". */
  verificationCode: string;
}

/** A valuer and one verification code for the account's company, through the API like the create screen. */
export async function issueCode(origin: string, account: Account): Promise<IssuedCode> {
  const valuer = await expectJson<{ id: number }>(201, origin, "/api/valuers", {
    token: account.token,
    body: { name: "Jane Wanjiku Mwangi", phone: "+254712345678", qualification: "MRICS, Registered Valuer" },
  });
  const code = await expectJson<{ id: number; publicToken: string; qrCodeData: string; verificationCode: string }>(
    201,
    origin,
    "/api/qr-codes",
    {
      token: account.token,
      body: {
        propertyType: "Real Estate",
        propertyAddress: "Plot 14, Riverside Drive, Westlands, Nairobi",
        propertyReference: "LR No. 209/12345/7",
        propertySize: "2450",
        propertySizeUnit: "sqft",
        landSize: "0.5",
        landSizeUnit: "acres",
        marketValue: "45000000",
        currency: "KES",
        valuationDate: RECENT_VALUATION.dayMonthYear,
        valuerId: valuer.id,
      },
    },
  );
  return {
    id: code.id,
    publicToken: code.publicToken,
    address: code.qrCodeData,
    valuerId: valuer.id,
    verificationCode: code.verificationCode,
  };
}
