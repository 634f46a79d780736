import { mkdirSync } from "node:fs";
import { MailDev } from "maildev";

export interface MailInbox {
  smtpPort: number;
  /** The inbox web page, and its REST API under /api/email. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * MailDev, a real SMTP server with an inbox, for `npm run dev` and the tests: the Worker sends
 * email to it over SMTP exactly as it would to a provider. Both ports listen on 127.0.0.1 only
 * (MailDev's own default is every interface), and each copy of the app keeps its own mail folder.
 */
export async function startMailInbox(options: {
  smtpPort: number;
  uiPort: number;
  mailDirectory: string;
}): Promise<MailInbox> {
  mkdirSync(options.mailDirectory, { recursive: true });
  const maildev = new MailDev({
    ip: "127.0.0.1",
    smtp: options.smtpPort,
    webIp: "127.0.0.1",
    web: options.uiPort,
    mailDirectory: options.mailDirectory,
    silent: true,
  });
  const { smtp, api } = await maildev.start();
  const smtpPort = (smtp.getAddress() as { port: number }).port;
  // The inbox UI and its REST API are always started here (no disableWeb option is passed).
  const uiPort = (api!.getAddress() as { port: number }).port;
  return { smtpPort, url: `http://127.0.0.1:${uiPort}`, stop: () => maildev.stop() };
}
