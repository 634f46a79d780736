import type { WebhookDeliveryFailure } from "#schema/limits/integration.ts";
import { addressKind, parseAddress, webhookUrlProblem } from "#schema/validation/webhook.ts";
import { resolveAddresses } from "./dns-over-https";

interface DestinationRules {
  /** A Worker running locally may call a receiver on its own machine. */
  allowLoopback: boolean;
  resolver: string;
}

/**
 * Whether a delivery may go to `url` now: the rules the URL was saved under (a URL saved before
 * them, or under a local setting, is judged again), then, for a name, every address it resolves
 * to at this moment, since DNS can change after the URL was saved. A name that does not resolve is
 * treated as a receiver that did not answer (and retried); one internal address refuses it all.
 */
export async function checkDestination(
  url: string,
  rules: DestinationRules,
): Promise<Extract<WebhookDeliveryFailure, "no-answer" | "address-not-allowed"> | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "address-not-allowed";
  }
  if (webhookUrlProblem(parsed, rules)) return "address-not-allowed";
  // An address in the URL was judged above. A name is judged by its addresses only, even a
  // loopback name allowed locally, so the local path takes the same steps as production.
  if (parseAddress(parsed.hostname)) return null;
  const addresses = await resolveAddresses(rules.resolver, parsed.hostname);
  if (!addresses?.length) return "no-answer";
  const allowed = addresses.every((text) => {
    const address = parseAddress(text);
    const kind = address && addressKind(address);
    return kind === "public" || (kind === "loopback" && rules.allowLoopback);
  });
  return allowed ? null : "address-not-allowed";
}
