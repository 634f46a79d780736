import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MailDev } from "maildev";
import type { TestProject } from "vitest/node";

/**
 * A real SMTP inbox (MailDev) on loopback for the API tests: the Worker's email queue sends to it
 * over SMTP, and tests read what arrived through its REST API and follow the links, as a person
 * would. The ports come from vitest.config.ts, which hands the SMTP port to the Worker.
 */
export default async function setup(project: TestProject) {
  const mailDirectory = mkdtempSync(join(tmpdir(), "valuseal-test-mail-"));
  const maildev = new MailDev({
    ip: "127.0.0.1",
    smtp: Number(process.env.VALUSEAL_TEST_SMTP_PORT),
    webIp: "127.0.0.1",
    web: Number(process.env.VALUSEAL_TEST_MAIL_UI_PORT),
    mailDirectory,
    silent: true,
  });
  await maildev.start();
  project.provide("mailInboxUrl", `http://127.0.0.1:${process.env.VALUSEAL_TEST_MAIL_UI_PORT}`);
  return async () => {
    await maildev.stop();
    rmSync(mailDirectory, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    mailInboxUrl: string;
  }
}
