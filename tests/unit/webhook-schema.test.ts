import { describe, expect, it } from "vitest";
import {
  addressKind,
  parseAddress,
  WEBHOOK_URL_ERRORS,
  webhookHostKind,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookUrlProblem,
} from "#schema/validation/webhook.ts";

/** How a webhook URL's host is judged once the URL parser has normalised it. */
const hostKindOf = (url: string) => webhookHostKind(new URL(url).hostname);

const kindOf = (address: string) => {
  const parsed = parseAddress(address);
  if (!parsed) throw new Error(`${address} did not parse`);
  return addressKind(parsed);
};

describe("parseAddress", () => {
  it("reads dotted-quad IPv4 and IPv6, with or without a URL's brackets", () => {
    expect(parseAddress("93.184.215.14")?.toString()).toBe("93.184.215.14");
    expect(parseAddress("2606:2800::1")?.toString()).toBe("2606:2800::1");
    expect(parseAddress("[::1]")?.toString()).toBe("::1");
  });

  it("is null for names and for IPv4 in any other notation", () => {
    for (const text of ["example.com", "127.1", "0x7f000001", "2130706433", "017700000001", "1.2.3", ""]) {
      expect(parseAddress(text), text).toBeNull();
    }
  });

  it("is null for an IPv6 address with a zone id, which names an interface of this machine", () => {
    expect(parseAddress("fe80::1%eth0")).toBeNull();
    expect(parseAddress("[fe80::1%25eth0]")).toBeNull();
  });
});

describe("addressKind", () => {
  it("calls ordinary unicast public", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) {
      expect(kindOf(address), address).toBe("public");
    }
  });

  it("calls loopback loopback, in both families", () => {
    expect(kindOf("127.0.0.1")).toBe("loopback");
    expect(kindOf("127.255.255.254")).toBe("loopback");
    expect(kindOf("::1")).toBe("loopback");
  });

  it("calls private, link-local, carrier-grade NAT, metadata, multicast and reserved IPv4 internal", () => {
    const internal = [
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.1",
      "198.18.0.1",
      "240.0.0.1",
    ];
    for (const address of internal) expect(kindOf(address), address).toBe("internal");
  });

  it("keeps the edges of the private ranges public", () => {
    expect(kindOf("172.15.255.255")).toBe("public");
    expect(kindOf("172.32.0.0")).toBe("public");
    expect(kindOf("100.63.255.255")).toBe("public");
    expect(kindOf("100.128.0.0")).toBe("public");
    expect(kindOf("11.0.0.0")).toBe("public");
  });

  it("calls every IPv6 address outside global unicast, and every form that carries IPv4, internal", () => {
    const internal = [
      "::",
      "fe80::1",
      "fc00::1",
      "fd00:ec2::254",
      "ff02::1",
      "fec0::1",
      "::ffff:8.8.8.8",
      "::ffff:127.0.0.1",
      "64:ff9b::808:808",
      "2002:808:808::1",
      "2001::1",
      "2001:db8::1",
      "100::1",
      "4000::1",
    ];
    for (const address of internal) expect(kindOf(address), address).toBe("internal");
  });
});

describe("webhookHostKind", () => {
  it("sees through the notations the URL parser turns into 127.0.0.1", () => {
    for (const url of ["https://0x7f000001/", "https://2130706433/", "https://017700000001/", "https://127.1/"]) {
      expect(hostKindOf(url), url).toBe("loopback");
    }
    expect(hostKindOf("https://[::ffff:127.0.0.1]/")).toBe("internal");
    expect(hostKindOf("https://[::1]/")).toBe("loopback");
  });

  it("calls localhost and its subdomains loopback, with or without the root dot", () => {
    for (const host of ["localhost", "LOCALHOST", "localhost.", "api.localhost"]) {
      expect(webhookHostKind(host), host).toBe("loopback");
    }
  });

  it("calls single labels and internal zones internal", () => {
    const internal = [
      "metadata",
      "intranet",
      "metadata.google.internal",
      "Metadata.Google.Internal.",
      "internal",
      "printer.local",
      "router.home.arpa",
      "box.localdomain",
    ];
    for (const host of internal) expect(webhookHostKind(host), host).toBe("internal");
  });

  it("leaves public-looking names to DNS, even when a label reads internal", () => {
    for (const host of [
      "hooks.example.com",
      "example.com.",
      "internal.example.com",
      "local.example.com",
      "mylocal.com",
    ]) {
      expect(webhookHostKind(host), host).toBe("name");
    }
  });
});

describe("webhookUrlProblem", () => {
  const production = { allowLoopback: false };
  const local = { allowLoopback: true };
  const problemOf = (url: string, rules = production) => webhookUrlProblem(new URL(url), rules);

  it("lets https on the standard port to a public host through", () => {
    expect(problemOf("https://hooks.example.com/valuseal")).toBeNull();
    expect(problemOf("https://hooks.example.com:443/valuseal")).toBeNull();
    expect(problemOf("https://93.184.215.14/hook")).toBeNull();
  });

  it("refuses http, other ports and credentials", () => {
    expect(problemOf("http://hooks.example.com/")).toBe(WEBHOOK_URL_ERRORS.notHttps);
    expect(problemOf("https://hooks.example.com:8443/")).toBe(WEBHOOK_URL_ERRORS.port);
    expect(problemOf("https://user:secret@hooks.example.com/")).toBe(WEBHOOK_URL_ERRORS.credentials);
    expect(problemOf("https://user@hooks.example.com/")).toBe(WEBHOOK_URL_ERRORS.credentials);
  });

  it("refuses internal hosts whatever the setting", () => {
    expect(problemOf("https://169.254.169.254/latest/meta-data")).toBe(WEBHOOK_URL_ERRORS.notPublic);
    expect(problemOf("https://metadata.google.internal/", local)).toBe(WEBHOOK_URL_ERRORS.notPublic);
    expect(problemOf("https://10.0.0.1/", local)).toBe(WEBHOOK_URL_ERRORS.notPublic);
  });

  it("lets a receiver on this machine through, over http and on any port, only when running locally", () => {
    expect(problemOf("http://127.0.0.1:9000/hook")).toBe(WEBHOOK_URL_ERRORS.notPublic);
    expect(problemOf("http://127.0.0.1:9000/hook", local)).toBeNull();
    expect(problemOf("http://localhost:3000/hook", local)).toBeNull();
    expect(problemOf("http://[::1]:3000/hook", local)).toBeNull();
  });
});

describe("webhookEndpointSchema", () => {
  const parse = (url: unknown) => webhookEndpointSchema.safeParse({ url, eventTypes: ["code.scanned"] });

  it("stores the URL as the parser normalised it", () => {
    expect(parse("  https://Hooks.Example.COM:443/a/../valuseal?x=1  ").data?.url).toBe(
      "https://hooks.example.com/valuseal?x=1",
    );
    expect(parse("https://hooks.example.com").data?.url).toBe("https://hooks.example.com/");
  });

  it("lets a loopback receiver through for the server to judge with its own setting", () => {
    expect(parse("http://127.0.0.1:9000/hook").data?.url).toBe("http://127.0.0.1:9000/hook");
  });

  it("refuses what is not an http(s) URL", () => {
    for (const url of ["hooks.example.com", "ftp://hooks.example.com/", "javascript:alert(1)", ""]) {
      expect(parse(url).error?.issues[0]?.message, url).toBe("Enter a full URL starting with https://");
    }
    expect(parse(undefined).error?.issues[0]?.message).toBe("Webhook URL is required");
  });

  it("refuses a URL that breaks the destination rules, with the rule's message", () => {
    expect(parse("https://192.168.1.10/hook").error?.issues.map((issue) => issue.message)).toEqual([
      WEBHOOK_URL_ERRORS.notPublic,
    ]);
    expect(parse("http://hooks.example.com/").error?.issues[0]?.message).toBe(WEBHOOK_URL_ERRORS.notHttps);
  });

  it("asks for at least one known event, once each, and refuses fields it does not know", () => {
    const events = (eventTypes: unknown) =>
      webhookEndpointSchema.safeParse({ url: "https://hooks.example.com/", eventTypes });
    expect(events(["seal.check_mismatch", "code.issued", "code.issued"]).data?.eventTypes).toEqual([
      "code.issued",
      "seal.check_mismatch",
    ]);
    expect(events([]).error?.issues[0]?.message).toBe("Choose at least one event");
    expect(events(undefined).error?.issues[0]?.message).toBe("Choose at least one event");
    expect(events(["code.deleted"]).error?.issues[0]?.message).toBe("Choose an event type from the list");
    expect(
      webhookEndpointSchema.safeParse({ url: "https://hooks.example.com/", eventTypes: ["code.issued"], secret: "x" })
        .success,
    ).toBe(false);
    expect(webhookEndpointUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe(
      "Send at least one field to change",
    );
    expect(webhookEndpointUpdateSchema.safeParse({ enabled: "no" }).error?.issues[0]?.message).toBe(
      "Enabled must be true or false",
    );
  });

  it("counts the length after normalising, since percent-encoding can lengthen it past what is stored", () => {
    const typed = `https://hooks.example.com/${"é".repeat(400)}`;
    expect(typed.length).toBeLessThan(2048);
    expect(parse(typed).error?.issues[0]?.message).toBe("Must be at most 2048 characters");
    expect(parse(`https://hooks.example.com/${"a".repeat(2048)}`).error?.issues[0]?.message).toBe(
      "Must be at most 2048 characters",
    );
  });
});
