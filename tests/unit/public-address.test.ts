import { Context } from "hono";
import { describe, expect, it } from "vitest";
import type { Config } from "#worker/config.ts";
import type { AppEnv } from "#worker/env.ts";
import { DEMO_TOKEN, verificationAddress } from "#worker/lib/public-address.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";

/** The origin the Worker puts in QR codes for a request to `url` under a PUBLIC_ORIGIN setting. */
function originFor(url: string, PUBLIC_ORIGIN?: string): string {
  const c = new Context<AppEnv>(new Request(url));
  c.set("config", { PUBLIC_ORIGIN } as Config);
  return publicOrigin(c);
}

describe("publicOrigin", () => {
  it("is PUBLIC_ORIGIN without a trailing slash", () => {
    expect(originFor("http://127.0.0.1:8787/api/qr-codes", "https://verify.example.com/")).toBe(
      "https://verify.example.com",
    );
    expect(originFor("http://127.0.0.1:8787/api/qr-codes", "https://verify.example.com")).toBe(
      "https://verify.example.com",
    );
  });

  it("is the request's own origin, port included, when PUBLIC_ORIGIN is unset", () => {
    expect(originFor("http://127.0.0.1:8787/api/qr-codes?limit=5")).toBe("http://127.0.0.1:8787");
    expect(originFor("https://valuseal.example/v/abc")).toBe("https://valuseal.example");
  });
});

describe("verificationAddress", () => {
  it("is the short /v/<token> address a printed code points at", () => {
    expect(verificationAddress("https://verify.example.com", "Ab3dEf6hIj9kLm2n")).toBe(
      "https://verify.example.com/v/Ab3dEf6hIj9kLm2n",
    );
    expect(verificationAddress("http://127.0.0.1:8787", DEMO_TOKEN)).toBe("http://127.0.0.1:8787/v/demo");
  });
});
