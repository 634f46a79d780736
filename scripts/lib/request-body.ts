import type { IncomingMessage } from "node:http";

/** A request's whole body as UTF-8 text, for the local stand-ins' small HTTP servers. */
export function requestBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
