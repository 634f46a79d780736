import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { sendMail, SmtpError, type SmtpSettings } from "#worker/lib/smtp.ts";
import { waitForEmail } from "../shared/inbox";
import { unique } from "./fixtures/http";
import type { SmtpFault } from "../support/smtp-fault-global-setup";

const ports = inject("smtpFaultPorts");
const mail = (to: string) => ({
  from: "ValuSeal <no-reply@valuseal.test>",
  to,
  subject: "Prüfung: ValuSeal SMTP",
  text: "First line\n.A line that starts with a dot\nLast line",
  html: "<p>First line</p>",
});
const settings = (port: number): SmtpSettings => ({ host: "127.0.0.1", port, security: "none", credentials: null });

describe("the Worker's SMTP client", () => {
  it("delivers a text and HTML email to a real SMTP server, dot-stuffed, with a UTF-8 subject", async () => {
    const to = `${unique("smtp")}@example.com`;
    await sendMail(settings(Number((env as unknown as Record<string, string>).SMTP_PORT)), mail(to));
    const email = await waitForEmail(to, "Prüfung");
    expect(email.subject).toBe("Prüfung: ValuSeal SMTP");
    expect(email.text).toContain(".A line that starts with a dot\nLast line");
    expect(email.html).toContain("<p>First line</p>");
  });

  it.each([
    ["drops the connection after the greeting", "drop-on-ehlo", /closed the connection during EHLO/],
    ["drops the connection after the message", "drop-after-data", /closed the connection during the message/],
  ] as [string, SmtpFault, RegExp][])(
    "fails at once, without spinning, when the server %s",
    async (_, fault, message) => {
      const started = Date.now();
      const error = await sendMail(settings(ports[fault]), mail("someone@example.com")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmtpError);
      expect(String((error as Error).message)).toMatch(message);
      expect(Date.now() - started).toBeLessThan(5000);
    },
  );

  it("gives up on a server that never answers", async () => {
    const error = await sendMail(settings(ports["never-answers"]), mail("someone@example.com")).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SmtpError);
    expect(String((error as Error).message)).toMatch(/did not answer the greeting in time/);
  }, 30_000);
});
