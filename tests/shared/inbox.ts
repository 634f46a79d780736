import { inject } from "vitest";
import type {} from "../support/maildev-global-setup";

/**
 * The tests' real inbox (MailDev, started by tests/support/maildev-global-setup.ts): what the
 * Worker sent over SMTP, read through MailDev's REST API. Works from workerd and from node.
 */
const inboxUrl = () => inject("mailInboxUrl");

export interface InboxEmail {
  id: string;
  subject: string;
  time: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  text: string;
  html?: string;
  /** Files sent with it, as MailDev lists them (a receipt's PDF). */
  attachments?: { contentType: string; fileName: string; length: number }[];
}

/**
 * Every email delivered to the address so far, oldest first. MailDev filters by recipient itself
 * (an exact match on the address as the app wrote it), so a poll reads one person's mail, not the
 * whole run's.
 */
export async function emailsTo(address: string): Promise<InboxEmail[]> {
  const res = await fetch(`${inboxUrl()}/api/email?${new URLSearchParams({ "to.address": address })}`);
  if (!res.ok) throw new Error(`inbox answered ${res.status}`);
  return (await res.json()) as InboxEmail[];
}

/**
 * Waits until `count` emails matching `match` have reached the address and returns them, oldest
 * first. The queue delivers within a second or two on an idle machine; the cap is for a busy one,
 * where a scan's alert crosses two queues behind other files' batches.
 */
export async function waitForEmails(
  address: string,
  match: (email: InboxEmail) => boolean = () => true,
  { count = 1, timeoutMs = 45_000 } = {},
): Promise<InboxEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await emailsTo(address)).filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} email(s) to ${address}, found ${found.length} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The newest email to the address whose subject contains `subject`. */
export async function waitForEmail(address: string, subject: string): Promise<InboxEmail> {
  const emails = await waitForEmails(address, (email) => email.subject.includes(subject));
  return emails[emails.length - 1]!;
}

/** The first absolute link in the email's text whose path starts with `path`, e.g. "/confirm-email". */
export function linkIn(email: InboxEmail, path: string): URL {
  for (const match of email.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return url;
  }
  throw new Error(`no ${path} link in "${email.subject}":\n${email.text}`);
}

/** The one-time token of a `?token=` link in the email. */
export const tokenIn = (email: InboxEmail, path: string) => linkIn(email, path).searchParams.get("token")!;
