import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { requestBody } from "#scripts/lib/request-body.ts";

/** What a name resolves to; a name with no entry is NXDOMAIN. */
export interface DnsRecords {
  A?: string[];
  AAAA?: string[];
}

const TYPES = { A: 1, AAAA: 28 } as const;

/**
 * A real DNS-over-HTTPS resolver for the tests, speaking the JSON API the Worker uses in
 * production (GET /dns-query?name=…&type=A|AAAA with accept: application/dns-json). Tests decide
 * what a name resolves to with PUT /records/<name> and a DnsRecords body. Like resolvers that
 * follow RFC 6761, it answers `localhost` with the loopback addresses until a test says otherwise.
 */
export async function startDnsOverHttps(port = 0) {
  const zone = new Map<string, DnsRecords>([["localhost", { A: ["127.0.0.1"], AAAA: ["::1"] }]]);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://resolver");
    if (req.method === "PUT" && url.pathname.startsWith("/records/")) {
      const name = decodeURIComponent(url.pathname.slice("/records/".length)).toLowerCase();
      zone.set(name, JSON.parse(await requestBody(req)) as DnsRecords);
      res.writeHead(204).end();
      return;
    }
    const name = url.searchParams.get("name")?.toLowerCase().replace(/\.$/, "");
    const type = url.searchParams.get("type") as keyof typeof TYPES | null;
    if (req.method !== "GET" || url.pathname !== "/dns-query" || !name || !type || !(type in TYPES)) {
      res.writeHead(400).end();
      return;
    }
    if (req.headers.accept !== "application/dns-json") {
      res.writeHead(415).end();
      return;
    }
    const records = zone.get(name);
    const answer = (records?.[type] ?? []).map((data) => ({ name: `${name}.`, type: TYPES[type], TTL: 60, data }));
    res.writeHead(200, { "Content-Type": "application/dns-json" }).end(
      JSON.stringify({
        Status: records ? 0 : 3,
        Question: [{ name: `${name}.`, type: TYPES[type] }],
        Answer: answer,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The resolver URL for WEBHOOK_DNS_RESOLVER. */
    url: `${address}/dns-query`,
    /** Where tests set records (tests/shared/dns.ts). */
    address,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
