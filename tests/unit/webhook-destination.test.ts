import { describe, expect, it } from "vitest";
import { checkDestination } from "#worker/lib/webhook-destination.ts";

// Only URLs judged without DNS are checked here: a name's addresses need the resolver (the API tests).
const resolver = "https://dns.invalid/dns-query";
const production = { allowLoopback: false, resolver };
const local = { allowLoopback: true, resolver };

describe("checkDestination", () => {
  it("lets a delivery go to a public address written in the URL", async () => {
    expect(await checkDestination("https://93.184.215.14/hook", production)).toBeNull();
    expect(await checkDestination("https://[2606:4700:4700::1111]/hook", production)).toBeNull();
  });

  it("refuses an unreadable URL", async () => {
    expect(await checkDestination("not a url", production)).toBe("address-not-allowed");
    expect(await checkDestination("", production)).toBe("address-not-allowed");
  });

  it("judges a saved URL again under the rules of now", async () => {
    // Saved while running locally, delivered by a deployed Worker.
    expect(await checkDestination("http://127.0.0.1:9000/hook", production)).toBe("address-not-allowed");
    expect(await checkDestination("http://127.0.0.1:9000/hook", local)).toBeNull();
    expect(await checkDestination("https://hooks.example.com:8443/", production)).toBe("address-not-allowed");
    expect(await checkDestination("https://user:pw@93.184.215.14/", production)).toBe("address-not-allowed");
  });

  it("refuses internal addresses and zones before asking DNS", async () => {
    for (const url of [
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00:ec2::254]/",
      "https://[::ffff:a00:1]/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://printer.local/",
    ]) {
      expect(await checkDestination(url, local), url).toBe("address-not-allowed");
    }
  });
});
