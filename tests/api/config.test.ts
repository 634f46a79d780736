import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLIC_ORIGIN_MAX_LENGTH, readConfig } from "#worker/config.ts";
import type { Bindings } from "#worker/bindings.ts";
import { renderQrSvg } from "#worker/lib/qr.ts";

describe("configuration", () => {
  it(`refuses a PUBLIC_ORIGIN longer than ${PUBLIC_ORIGIN_MAX_LENGTH} characters, which would make page QRs grow`, () => {
    const longest = `https://${"a".repeat(PUBLIC_ORIGIN_MAX_LENGTH - "https://".length - 4)}.com`;
    expect(longest).toHaveLength(PUBLIC_ORIGIN_MAX_LENGTH);
    // The longest allowed origin still gives the last page of a 300-page report a version-4 code.
    expect(renderQrSvg(`${longest}/v/AbCdEfGh12345678/300`).version).toBe(4);
    expect(readConfig({ ...env, PUBLIC_ORIGIN: `${longest}/` }).PUBLIC_ORIGIN).toBe(`${longest}/`);
    expect(() => readConfig({ ...env, PUBLIC_ORIGIN: `https://a${longest.slice("https://".length)}` })).toThrow(
      /PUBLIC_ORIGIN must be at most 36 characters/,
    );
  });

  it("hashes passwords at the test-only cost only where the Worker runs locally", () => {
    expect(readConfig({ ...env, APP_ENV: "development", PASSWORD_HASHING: "fast" }).PASSWORD_HASHING).toBe("fast");
    // Deployed: no local Stripe or Daraja emulator either (nor their test-speed query delays).
    const {
      APP_ENV: _local,
      STRIPE_API_BASE: _emulator,
      MPESA_API_BASE: _daraja,
      MPESA_QUERY_DELAYS_SECONDS: _delays,
      ...production
    } = env as Bindings;
    expect(() => readConfig({ ...production, PASSWORD_HASHING: "fast" })).toThrow(
      'PASSWORD_HASHING "fast" is for test runs only: it needs APP_ENV "development"',
    );
    const { PASSWORD_HASHING: _testHashing, ...deployed } = production;
    expect(readConfig(deployed).PASSWORD_HASHING).toBe("standard");
  });
});

/** The test environment without M-Pesa: the card settings' rules alone. */
function withoutMpesa(): Bindings {
  const {
    MPESA_CONSUMER_KEY: _key,
    MPESA_CONSUMER_SECRET: _secret,
    MPESA_SHORT_CODE: _shortCode,
    MPESA_PASSKEY: _passkey,
    ...rest
  } = env as Bindings;
  return rest as Bindings;
}

describe("card payment settings", () => {
  it("turns buying on only with both Stripe secrets and a seller for the receipts", () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...withoutStripe } = withoutMpesa();
    expect(readConfig(withoutStripe).payments).toBeNull();
    expect(readConfig(env).payments).toMatchObject({ vatRateBasisPoints: 1600, seller: { receiptPrefix: "VS" } });
    expect(() => readConfig({ ...withoutStripe, STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (card payments need both)",
    );
    const { SELLER_NAME: _seller, ...withoutSeller } = env as Bindings;
    expect(() => readConfig(withoutSeller)).toThrow(
      "Payments issue receipts: set SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_NUMBERS",
    );
    expect(() => readConfig({ ...env, STRIPE_WEBHOOK_SECRET: "not-a-secret" })).toThrow(
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)",
    );
    expect(readConfig({ ...env, VAT_RATE_PERCENT: "7.5" }).payments?.vatRateBasisPoints).toBe(750);
    expect(() => readConfig({ ...env, VAT_RATE_PERCENT: "7.125" })).toThrow(
      "VAT_RATE_PERCENT has at most two decimals",
    );
  });
});

describe("M-Pesa settings", () => {
  it("offers M-Pesa only with all four Daraja credentials, a public origin, and Daraja's production address when deployed", () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...mpesaOnly } = env as Bindings;
    expect(readConfig(mpesaOnly).payments).toMatchObject({ stripe: null, mpesa: { shortCode: "174379" } });
    expect(readConfig(withoutMpesa()).payments).toMatchObject({ mpesa: null });
    expect(readConfig(env).payments?.mpesa?.queryDelaysSeconds).toEqual([2, 4, 6]);
    const { MPESA_PASSKEY: _passkey, ...threeOfFour } = env as Bindings;
    expect(() => readConfig(threeOfFour)).toThrow(
      "MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORT_CODE and MPESA_PASSKEY are set together",
    );
    const { PUBLIC_ORIGIN: _origin, ...noOrigin } = env as Bindings;
    expect(() => readConfig(noOrigin)).toThrow("M-Pesa payments need PUBLIC_ORIGIN");
    const {
      APP_ENV: _local,
      MPESA_QUERY_DELAYS_SECONDS: _delays,
      PASSWORD_HASHING: _hashing,
      STRIPE_API_BASE: _stripe,
      ...deployed
    } = env as Bindings;
    expect(() => readConfig(deployed)).toThrow("MPESA_API_BASE other than https://api.safaricom.co.ke");
    const { MPESA_API_BASE: _emulator, ...production } = deployed;
    expect(readConfig(production).payments?.mpesa).toMatchObject({
      apiBase: "https://api.safaricom.co.ke",
      queryDelaysSeconds: [20, 45, 90],
    });
    expect(() => readConfig({ ...env, MPESA_SHORT_CODE: "12" })).toThrow(
      "MPESA_SHORT_CODE must be the paybill number (5 to 7 digits)",
    );
  });
});
