import { connect } from "cloudflare:sockets";

/**
 * A small SMTP client over Workers TCP sockets (docs/decisions/013). Every read and write has a
 * timer, and a closed connection ends the conversation with an error: a server that drops the
 * connection or stops answering can never leave the consumer waiting or spinning.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  /** "tls": TLS from the first byte (port 465); "starttls": upgrade after EHLO (port 587); "none": a local inbox. */
  security: "tls" | "starttls" | "none";
  credentials: { username: string; password: string } | null;
}

interface OutgoingMail {
  /** `Name <address>` or a bare address. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export class SmtpError extends Error {}

const COMMAND_TIMEOUT_MS = 10_000;
const CONVERSATION_TIMEOUT_MS = 30_000;
const MAX_REPLY_LENGTH = 64 * 1024;
const encoder = new TextEncoder();

function base64Bytes(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

const base64 = (text: string) => base64Bytes(encoder.encode(text));

/** Base64 in lines of 76 characters, as MIME bodies want it. */
const mimeLines = (encoded: string) => encoded.replace(/.{76}/g, "$&\r\n");

/** The bare address of `Name <address>`; CR, LF and angle brackets inside it would inject commands. */
function mailboxAddress(mailbox: string): string {
  const address = (/<([^>]*)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
  if (!address || /[\r\n<>\s]/.test(address)) throw new SmtpError(`Not a mailbox: ${JSON.stringify(mailbox)}`);
  return address;
}

/** A header value in RFC 2047 encoding when it is not plain ASCII; line breaks are never kept. */
const headerText = (value: string) => {
  const single = value.replace(/[\r\n]+/g, " ");
  return /[^\x20-\x7e]/.test(single) ? `=?UTF-8?B?${base64(single)}?=` : single;
};

function fromHeader(mailbox: string): string {
  const address = mailboxAddress(mailbox);
  const name = mailbox
    .replace(/<[^>]*>\s*$/, "")
    .trim()
    .replace(/^"|"$/g, "");
  return name && name !== address ? `${headerText(name)} <${address}>` : address;
}

/**
 * multipart/alternative with a plain-text and an HTML part, both base64 in UTF-8; with
 * attachments, that inside a multipart/mixed with each file after it.
 */
function buildMessage(mail: OutgoingMail): string {
  const wrap = (text: string) => mimeLines(base64(text));
  const boundary = `valuseal_${crypto.randomUUID().replace(/-/g, "")}`;
  const domain = mailboxAddress(mail.from).split("@")[1] ?? "localhost";
  const attachments = mail.attachments ?? [];
  const mixed = `valuseal_mixed_${crypto.randomUUID().replace(/-/g, "")}`;
  const alternative = [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "",
    wrap(mail.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "",
    wrap(mail.html),
    `--${boundary}--`,
  ];
  const body =
    attachments.length === 0
      ? alternative
      : [
          `Content-Type: multipart/mixed; boundary="${mixed}"`,
          "",
          `--${mixed}`,
          ...alternative,
          ...attachments.flatMap((file) => [
            `--${mixed}`,
            `Content-Type: ${file.contentType}; name="${headerText(file.filename)}"`,
            `Content-Disposition: attachment; filename="${headerText(file.filename)}"`,
            "Content-Transfer-Encoding: base64",
            "",
            mimeLines(base64Bytes(file.content)),
          ]),
          `--${mixed}--`,
        ];
  return [
    `From: ${fromHeader(mail.from)}`,
    `To: ${mailboxAddress(mail.to)}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    "MIME-Version: 1.0",
    ...body,
    "",
  ].join("\r\n");
}

interface Reply {
  code: number;
  text: string;
}

/** Sends one email in one SMTP conversation; throws SmtpError on any refusal, drop or timeout. */
export async function sendMail(settings: SmtpSettings, mail: OutgoingMail): Promise<void> {
  const sender = mailboxAddress(mail.from);
  const recipient = mailboxAddress(mail.to);
  const heloName = sender.split("@")[1] ?? "localhost";
  const secureTransport = settings.security === "tls" ? "on" : settings.security === "starttls" ? "starttls" : "off";
  let socket = connect({ hostname: settings.host, port: settings.port }, { secureTransport, allowHalfOpen: false });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let writer: WritableStreamDefaultWriter<Uint8Array> | undefined;
  let buffer = "";
  const decoder = new TextDecoder();
  const deadline = Date.now() + CONVERSATION_TIMEOUT_MS;

  const withTimeout = <T>(promise: Promise<T>, step: string): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const ms = Math.min(COMMAND_TIMEOUT_MS, Math.max(0, deadline - Date.now()));
      timer = setTimeout(() => reject(new SmtpError(`SMTP server did not answer ${step} in time`)), ms);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  };

  /** One complete reply, multi-line replies included ("250-…" lines then "250 …"). */
  const readReply = async (step: string): Promise<Reply> => {
    for (;;) {
      const match = /^(?:\d{3}-[^\n]*\n)*(\d{3})(?: [^\n]*)?\r?\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match[0].length);
        return { code: Number(match[1]), text: match[0].trimEnd() };
      }
      const { value, done } = await withTimeout(reader!.read(), step);
      // A closed connection answers every read at once with done: checking it is what stops a spin.
      if (done) throw new SmtpError(`SMTP server closed the connection during ${step}`);
      buffer += decoder.decode(value, { stream: true });
      if (buffer.length > MAX_REPLY_LENGTH) throw new SmtpError("SMTP reply too long");
    }
  };

  const command = async (line: string | null, expectedClass: number, step: string): Promise<Reply> => {
    if (line !== null) await withTimeout(writer!.write(encoder.encode(`${line}\r\n`)), step);
    const reply = await readReply(step);
    if (Math.floor(reply.code / 100) !== expectedClass) throw new SmtpError(`SMTP ${step} refused: ${reply.text}`);
    return reply;
  };

  const attach = () => {
    reader = socket.readable.getReader();
    writer = socket.writable.getWriter();
  };

  try {
    await withTimeout(socket.opened, "the connection");
    attach();
    await command(null, 2, "the greeting");
    let hello = await command(`EHLO ${heloName}`, 2, "EHLO");
    if (settings.security === "starttls") {
      if (!/^250[ -]STARTTLS\b/im.test(hello.text)) throw new SmtpError("SMTP server does not offer STARTTLS");
      await command("STARTTLS", 2, "STARTTLS");
      reader!.releaseLock();
      writer!.releaseLock();
      socket = socket.startTls();
      attach();
      buffer = "";
      hello = await command(`EHLO ${heloName}`, 2, "EHLO");
    }
    if (settings.credentials) {
      const { username, password } = settings.credentials;
      const mechanisms = (/^250[ -]AUTH[ =](.*)$/im.exec(hello.text)?.[1] ?? "").toUpperCase().split(/\s+/);
      if (mechanisms.includes("PLAIN")) {
        await command(`AUTH PLAIN ${base64(`\0${username}\0${password}`)}`, 2, "AUTH");
      } else if (mechanisms.includes("LOGIN")) {
        await command("AUTH LOGIN", 3, "AUTH");
        await command(base64(username), 3, "AUTH");
        await command(base64(password), 2, "AUTH");
      } else {
        throw new SmtpError("SMTP server offers no supported AUTH mechanism (PLAIN or LOGIN)");
      }
    }
    await command(`MAIL FROM:<${sender}>`, 2, "MAIL FROM");
    await command(`RCPT TO:<${recipient}>`, 2, "RCPT TO");
    await command("DATA", 3, "DATA");
    // A line that starts with "." is doubled so it cannot end the message early.
    const body = buildMessage(mail).replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
    await command(`${body}${body.endsWith("\r\n") ? "" : "\r\n"}.`, 2, "the message");
    await command("QUIT", 2, "QUIT").catch(() => undefined);
  } finally {
    try {
      reader?.releaseLock();
      writer?.releaseLock();
    } catch {
      // A lock held by a pending read is released by closing the socket below.
    }
    socket.close().catch(() => undefined);
  }
}
