import type { Context } from "hono";
import { networksOf, type ClientNetworks } from "../lib/client-address";

/** Cloudflare sets CF-Connecting-IP on every request (clients cannot forge it); locally it is absent. */
const connectingAddress = (c: Context) => c.req.header("CF-Connecting-IP") ?? "local";

export const clientNetworks = (c: Context): ClientNetworks => networksOf(connectingAddress(c));

/** The client's network: its IPv6 /64, or its IPv4 address ("local" locally). */
export const clientNetwork = (c: Context): string => clientNetworks(c).network;

/**
 * The client part of a per-client key: the same as `clientNetwork`. The old name stays for the
 * call sites that build their own keys (`login:${clientAddress(c)}`), so every one of them counts
 * a network, never a single IPv6 address: a /64 cannot spread its attempts over 2^64 keys. It
 * never returns the full IPv6 address; nothing in the Worker keeps one.
 */
export const clientAddress = clientNetwork;
