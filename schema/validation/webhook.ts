import { z } from "zod";
import { LIMITS } from "../limits";

const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];

function asUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const isLoopbackHostname = (hostname: string) => LOOPBACK_HOSTNAMES.includes(hostname.toLowerCase());

/**
 * PUT /api/companies/current/webhook. HTTPS only, except a loopback receiver during local
 * development; the server additionally allows that exception only when it runs locally itself.
 */
export const webhookSchema = z.object({
  url: z
    .string({ error: "Webhook URL is required" })
    .trim()
    .max(LIMITS.webhookUrl, `Must be at most ${LIMITS.webhookUrl} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: "Enter a full URL starting with https://" }))
    // A string that is not a URL already failed above; these checks only judge real URLs.
    .refine((value) => {
      const url = asUrl(value);
      return !url || url.protocol === "https:" || isLoopbackHostname(url.hostname);
    }, "The webhook URL must start with https://")
    .refine((value) => !asUrl(value)?.username && !asUrl(value)?.password, "Credentials in the URL are not allowed"),
});
export type WebhookInput = z.input<typeof webhookSchema>;
