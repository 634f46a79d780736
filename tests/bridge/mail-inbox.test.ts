import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { foreignRequestReason, startMailInbox, type MailInbox } from "#scripts/lib/mail-inbox.ts";
import { usePrivateUmask } from "#scripts/lib/private-files.ts";

/**
 * The local inbox (MailDev, scripts/lib/mail-inbox.ts) holds every reset, confirmation and
 * invitation link the app sent. Its web API must answer only its own page and clients that are
 * not browsers (the tests' fetch), and its mail folder must be out of other users' reach.
 */

const mode = (path: string) => statSync(path).mode & 0o777;

/** Sends one email over plain SMTP, as the Worker does. */
async function sendMail(port: number, to: string, subject: string) {
  const socket = connect({ host: "127.0.0.1", port });
  const commands = [
    "EHLO tests.localhost",
    "MAIL FROM:<no-reply@valuseal.test>",
    `RCPT TO:<${to}>`,
    "DATA",
    `From: no-reply@valuseal.test\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nReset your password: http://127.0.0.1/reset-password?token=secret\r\n.`,
    "QUIT",
  ];
  let pending = "";
  await new Promise<void>((resolve, reject) => {
    socket.on("data", (data) => {
      pending += data.toString();
      // Each reply ends with a line "NNN text" (no dash after the code).
      const lines = pending.split("\r\n").filter(Boolean);
      const last = lines[lines.length - 1];
      if (!pending.endsWith("\r\n") || !last || /^\d{3}-/.test(last)) return;
      pending = "";
      if (!/^[23]/.test(last)) return reject(new Error(`SMTP: ${last}`));
      const command = commands.shift();
      if (command === undefined) return;
      socket.write(`${command}\r\n`);
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

let root: string;
let mailDirectory: string;
let inbox: MailInbox;
let previousUmask: number;

const recipient = "reader@example.com";
const api = () => `${inbox.url}/api/email`;
const port = () => Number(new URL(inbox.url).port);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "valuseal-inbox-"));
  chmodSync(root, 0o755);
  mailDirectory = join(root, "maildev");
  // What an earlier run left: a readable folder with a readable email in it.
  mkdirSync(mailDirectory, { mode: 0o755 });
  chmodSync(mailDirectory, 0o755);
  writeFileSync(join(mailDirectory, "earlier1.eml"), "Subject: earlier\r\n\r\nold link\r\n", { mode: 0o644 });
  chmodSync(join(mailDirectory, "earlier1.eml"), 0o644);
  // As `npm run dev` runs it (scripts/dev.ts): a private umask for everything the process writes.
  previousUmask = usePrivateUmask();
  inbox = await startMailInbox({ smtpPort: 0, uiPort: 0, mailDirectory });
  await sendMail(inbox.smtpPort, recipient, "Reset your password");
});

afterAll(async () => {
  await inbox?.stop();
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

describe("the inbox's web API", () => {
  it("answers a client that is not a browser (no Origin), as the tests read it", async () => {
    const res = await fetch(`${api()}?${new URLSearchParams({ "to.address": recipient })}`);
    expect(res.status).toBe(200);
    const emails = (await res.json()) as { subject: string }[];
    expect(emails.map((email) => email.subject)).toContain("Reset your password");
  });

  it("answers its own page (its own Origin, same-origin fetch metadata)", async () => {
    const res = await fetch(api(), { headers: { Origin: inbox.url, "Sec-Fetch-Site": "same-origin" } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it("refuses another web origin with 403 and no CORS header, preflight included", async () => {
    for (const origin of ["https://attacker.example", "http://127.0.0.1:8787", "null"]) {
      const res = await fetch(api(), { headers: { Origin: origin } });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get("Access-Control-Allow-Origin"), origin).toBeNull();
      expect(res.headers.get("Access-Control-Allow-Credentials"), origin).toBeNull();
      expect(await res.text(), origin).not.toContain("reset-password");
    }
    const preflight = await fetch(api(), {
      method: "OPTIONS",
      headers: { Origin: "https://attacker.example", "Access-Control-Request-Method": "DELETE" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const deleteAll = await fetch(`${api()}/all`, {
      method: "DELETE",
      headers: { Origin: "https://attacker.example" },
    });
    expect(deleteAll.status).toBe(403);
    expect((await fetch(api()).then((res) => res.json())) as unknown[]).not.toHaveLength(0);
  });

  it("refuses a cross-site request that carries no Origin, and a rebound host name", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await fetch(api(), { headers: { "Sec-Fetch-Site": site } });
      expect(res.status, site).toBe(403);
      expect(res.headers.get("Access-Control-Allow-Origin"), site).toBeNull();
    }
    // DNS rebinding: the attacker's name resolved to 127.0.0.1, so the page is "same-origin" to itself.
    // (node:http, because fetch sets Host itself.)
    const rebound = await new Promise<number>((resolve, reject) => {
      const headers = { Host: `attacker.example:${port()}`, "Sec-Fetch-Site": "same-origin" };
      request(api(), { headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(rebound).toBe(403);
    expect(await fetch(api(), { headers: { "Sec-Fetch-Site": "none" } }).then((res) => res.status)).toBe(200);
  });

  it("refuses the live-update WebSocket from another origin, and accepts its own", async () => {
    const url = `ws://127.0.0.1:${port()}/socket.io/?EIO=4&transport=websocket`;
    const open = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { origin });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => resolve(0));
      });
    expect(await open("https://attacker.example")).toBe(403);
    expect(await open(inbox.url)).toBe(101);
  });

  it("lets through exactly the loopback names with its port", () => {
    expect(foreignRequestReason({ host: "localhost:1080", origin: "http://localhost:1080" }, 1080)).toBeNull();
    expect(foreignRequestReason({ host: "[::1]:1080" }, 1080)).toBeNull();
    expect(foreignRequestReason({ host: "127.0.0.1:1080", origin: "http://localhost:1080" }, 1080)).toBe(
      "foreign origin",
    );
    expect(foreignRequestReason({ host: "127.0.0.1:1081" }, 1080)).toBe("unknown host");
    expect(foreignRequestReason({}, 1080)).toBe("unknown host");
  });
});

describe("the inbox's mail folder", () => {
  it("is 0700, with what an earlier run left made 0600", () => {
    expect(mode(mailDirectory)).toBe(0o700);
    expect(mode(join(mailDirectory, "earlier1.eml"))).toBe(0o600);
  });

  it("keeps each new email 0600 under npm run dev's umask", () => {
    const emails = readdirSync(mailDirectory).filter((name) => name.endsWith(".eml") && name !== "earlier1.eml");
    expect(emails).toHaveLength(1);
    expect(mode(join(mailDirectory, emails[0]!))).toBe(0o600);
  });

  it.skipIf(process.getuid?.() !== 0)("keeps another user out of the stored mail", async () => {
    const readAs = (user: number, path: string) =>
      promisify(execFile)("setpriv", [`--reuid=${user}`, `--regid=${user}`, "--clear-groups", "cat", path]).then(
        () => true,
        () => false,
      );
    const email = join(mailDirectory, "earlier1.eml");
    expect(await readAs(0, email)).toBe(true);
    expect(await readAs(65534, email)).toBe(false);
    // The folder alone keeps them out, even of a file someone made readable again.
    chmodSync(email, 0o644);
    expect(await readAs(65534, email)).toBe(false);
  });
});
