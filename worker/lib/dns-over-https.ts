import { z } from "zod";

/**
 * Workers have no DNS API, so webhook hosts are resolved over DNS-over-HTTPS (the JSON API of
 * cloudflare-dns.com and others, `WEBHOOK_DNS_RESOLVER`) before each delivery.
 */
const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
const NOERROR = 0;
const NXDOMAIN = 3;
const LOOKUP_TIMEOUT_MS = 3000;

const dnsJsonSchema = z.object({
  Status: z.number(),
  Answer: z.array(z.object({ type: z.number(), data: z.string() })).optional(),
});

/** One record type's addresses; an empty list for a name without them, null when the resolver could not say. */
async function lookup(resolver: string, name: string, type: keyof typeof RECORD_TYPES): Promise<string[] | null> {
  const url = new URL(resolver);
  url.searchParams.set("name", name);
  url.searchParams.set("type", type);
  try {
    const response = await fetch(url, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const reply = dnsJsonSchema.safeParse(await response.json());
    if (!reply.success) return null;
    if (reply.data.Status === NXDOMAIN) return [];
    if (reply.data.Status !== NOERROR) return null;
    // A CNAME chain is followed by the resolver; only the final addresses of this type count.
    return (reply.data.Answer ?? [])
      .filter((answer) => answer.type === RECORD_TYPES[type])
      .map((answer) => answer.data);
  } catch {
    return null;
  }
}

/**
 * Every A and AAAA address of `name`, or null when the resolver gave no usable answer (so a
 * caller never mistakes a failed lookup for a name with no internal addresses).
 */
export async function resolveAddresses(resolver: string, name: string): Promise<string[] | null> {
  const [v4, v6] = await Promise.all([lookup(resolver, name, "A"), lookup(resolver, name, "AAAA")]);
  return v4 && v6 ? [...v4, ...v6] : null;
}
