import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

/** How a misbehaving SMTP server fails the Worker's client (tests/api/smtp.test.ts). */
export type SmtpFault = "drop-on-ehlo" | "drop-after-data" | "never-answers";

/** Answers like an SMTP server until the fault, then drops the connection or goes silent. */
function faultyServer(fault: SmtpFault): Server {
  return createServer((socket: Socket) => {
    if (fault === "never-answers") return;
    socket.write("220 faulty.test ESMTP\r\n");
    let inData = false;
    socket.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      if (fault === "drop-on-ehlo" && /^EHLO/im.test(text)) return void socket.destroy();
      if (inData) {
        if (/\r\n\.\r\n$/.test(text)) socket.destroy();
        return;
      }
      for (const line of text.split("\r\n").filter(Boolean)) {
        if (/^EHLO/i.test(line)) socket.write("250-faulty.test\r\n250 8BITMIME\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else socket.write("250 ok\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
}

/** One fake server per fault, on loopback; their ports reach the tests through inject("smtpFaultPorts"). */
export default async function setup(project: TestProject) {
  const faults: SmtpFault[] = ["drop-on-ehlo", "drop-after-data", "never-answers"];
  const servers = faults.map(faultyServer);
  const sockets = new Set<Socket>();
  for (const server of servers) server.on("connection", (socket: Socket) => sockets.add(socket));
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
  const ports = Object.fromEntries(
    faults.map((fault, index) => [fault, (servers[index]!.address() as AddressInfo).port]),
  ) as Record<SmtpFault, number>;
  project.provide("smtpFaultPorts", ports);
  return () =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => resolve());
          }),
      ),
    ).then(() => undefined);
}

declare module "vitest" {
  export interface ProvidedContext {
    smtpFaultPorts: Record<SmtpFault, number>;
  }
}
