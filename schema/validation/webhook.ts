import ipaddr from "ipaddr.js";
import { z } from "zod";
import { LIMITS } from "../limits";
import { WEBHOOK_EVENT_TYPES } from "../limits/integration";

export const WEBHOOK_URL_ERRORS = {
  notPublic: "Webhook URL must be a public https address",
  notHttps: "The webhook URL must start with https://",
  port: "Webhook URL must use the standard https port (443)",
  credentials: "Credentials in the URL are not allowed",
} as const;

/**
 * What a webhook host is: a public address, a loopback one (this machine), an internal one
 * (private, link-local, unique-local, carrier-grade NAT, multicast, reserved, cloud metadata…), or
 * a name whose addresses only DNS can tell (judged again at every delivery).
 */
type WebhookHostKind = "public" | "loopback" | "internal" | "name";

/** Global unicast: every IPv6 address a public server can have lies in 2000::/3. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Zones that never lead to a public server: `.local` (mDNS), `.internal` (cloud providers' own
 * names, metadata.google.internal among them), `.home.arpa` and `.localdomain` (home networks).
 */
const INTERNAL_ZONES = ["local", "internal", "home.arpa", "localdomain"];

/**
 * Only ordinary unicast counts as public. IPv6 forms that carry an IPv4 address (::ffff:…,
 * 64:ff9b::…, 2002::…, Teredo) are internal whatever they carry: a public receiver has a plain
 * address, and judging the embedded one would be one more notation to get wrong.
 */
export function addressKind(address: ipaddr.IPv4 | ipaddr.IPv6): Exclude<WebhookHostKind, "name"> {
  const range = address.range();
  if (range === "loopback") return "loopback";
  if (range !== "unicast") return "internal";
  return address.kind() === "ipv4" || address.match(GLOBAL_UNICAST) ? "public" : "internal";
}

/**
 * An address as DNS or a URL writes it ("93.184.215.14", "2606:2800::1", "[::1]"); null for
 * anything else. Only dotted-quad IPv4 is read: the URL parser has already turned 0x7f000001,
 * 2130706433, 017700000001 and 127.1 into 127.0.0.1, and an answer in any other form is no address.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  // A zone id (fe80::1%eth0) names an interface of this machine, never a public host.
  return !bare.includes("%") && ipaddr.IPv6.isValid(bare) ? ipaddr.IPv6.parse(bare) : null;
}

/** A URL's hostname (as `new URL()` normalised it) judged without DNS. */
export function webhookHostKind(hostname: string): WebhookHostKind {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const address = parseAddress(host);
  if (address) return addressKind(address);
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  // A single label (`metadata`, `intranet`) is completed by a search domain, never a public name.
  if (!host.includes(".") || INTERNAL_ZONES.some((zone) => host === zone || host.endsWith(`.${zone}`))) {
    return "internal";
  }
  return "name";
}

/**
 * Why scan alerts may not be sent to `url`, or null. Only https on port 443 to a public host;
 * `allowLoopback` (a Worker running locally: development and tests) also lets a receiver on this
 * machine through, over http and on any port.
 */
export function webhookUrlProblem(url: URL, { allowLoopback }: { allowLoopback: boolean }): string | null {
  if (url.username || url.password) return WEBHOOK_URL_ERRORS.credentials;
  const kind = webhookHostKind(url.hostname);
  if (kind === "internal" || (kind === "loopback" && !allowLoopback)) return WEBHOOK_URL_ERRORS.notPublic;
  if (kind === "loopback") return null;
  if (url.protocol !== "https:") return WEBHOOK_URL_ERRORS.notHttps;
  // The parser drops an explicit :443, so any port left is another one.
  if (url.port !== "") return WEBHOOK_URL_ERRORS.port;
  return null;
}

/**
 * A webhook endpoint's address. The URL is stored as the parser normalised it, so the address that
 * was checked is the address that is called. The browser cannot know whether the server runs
 * locally, so this schema lets a loopback receiver through and the server judges it again with its
 * own setting.
 */
const webhookUrlSchema = z
  .string({ error: "Webhook URL is required" })
  .trim()
  .max(LIMITS.webhookUrl, `Must be at most ${LIMITS.webhookUrl} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: "Enter a full URL starting with https://" }))
  // A string that is not a URL already failed above; this only judges real URLs.
  .transform((value, ctx) => {
    const url = new URL(value);
    const problem = webhookUrlProblem(url, { allowLoopback: true });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    // Normalising percent-encodes, which can lengthen the address past what is stored.
    else if (url.href.length > LIMITS.webhookUrl) {
      ctx.addIssue({ code: "custom", message: `Must be at most ${LIMITS.webhookUrl} characters` });
    }
    return url.href;
  })
  .meta({ description: "A public https address on port 443", example: "https://hooks.example.com/valuseal" });

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Choose an event type from the list" }), {
    error: "Choose at least one event",
  })
  .min(1, "Choose at least one event")
  // One delivery per event, however often a type is listed.
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)))
  .meta({ description: "The events to send", example: ["code.scanned", "code.revoked"] });

const descriptionSchema = z
  .string({ error: "Description must be text" })
  .trim()
  .max(LIMITS.webhookDescription, `Must be at most ${LIMITS.webhookDescription} characters`)
  .meta({ description: "What the endpoint is for, for the people who manage it", example: "Loan system (production)" });

/** POST /api/webhooks and /api/v1/webhooks: a new endpoint; its secret is in the answer, once. */
export const webhookEndpointSchema = z.strictObject({
  url: webhookUrlSchema,
  description: descriptionSchema.default(""),
  eventTypes: eventTypesSchema,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;

/** PATCH /api/webhooks/:id: any of the fields, and `enabled` to turn it off or back on. */
export const webhookEndpointUpdateSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    description: descriptionSchema.optional(),
    eventTypes: eventTypesSchema.optional(),
    enabled: z
      .boolean({ error: "Enabled must be true or false" })
      .optional()
      .meta({ description: "false stops deliveries; true starts them again (also after automatic disabling)" }),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: "Send at least one field to change",
  });
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;
