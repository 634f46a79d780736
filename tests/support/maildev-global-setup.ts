import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startMailInbox } from "#scripts/lib/mail-inbox.ts";

/**
 * A real SMTP inbox (MailDev) on loopback for the API tests: the Worker's email queue sends to it
 * over SMTP, and tests read what arrived through its REST API and follow the links, as a person
 * would. The ports come from vitest.config.ts, which also hands the SMTP port to the Worker.
 */
export default async function setup(project: TestProject) {
  const mailDirectory = mkdtempSync(join(tmpdir(), "valuseal-test-mail-"));
  const inbox = await startMailInbox({
    smtpPort: Number(process.env.VALUSEAL_TEST_SMTP_PORT),
    uiPort: Number(process.env.VALUSEAL_TEST_MAIL_UI_PORT),
    mailDirectory,
  });
  project.provide("mailInboxUrl", inbox.url);
  return async () => {
    await inbox.stop();
    rmSync(mailDirectory, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    mailInboxUrl: string;
  }
}
