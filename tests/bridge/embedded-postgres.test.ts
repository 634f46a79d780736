import { neon, neonConfig, Client as NeonClient, type NeonDbError } from "@neondatabase/serverless";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startDbBridge, type DbBridge } from "#scripts/lib/db-bridge.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "#scripts/lib/embedded-postgres.ts";

/**
 * The embedded database (`npm run dev`'s PGlite on 127.0.0.1) asks for its password: PGlite itself
 * accepts anyone, so without the SCRAM exchange in front of it (scripts/lib/postgres-auth.ts) any
 * local user could read `users` and `sessions` from its port. Real clients only: node-postgres,
 * psql (libpq), and the Neon driver through the bridge, as the Worker connects.
 */

const PASSWORD = "the-right-password-0123456789";
let postgres: EmbeddedPostgres;
let bridge: DbBridge;

const withPassword = (password: string | null, user = "postgres") => {
  const url = new URL(postgres.url);
  url.username = user;
  url.password = password ?? "";
  return url.toString();
};

async function connectionError(connectionString: string): Promise<Error & { code?: string }> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    return error as Error & { code?: string };
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error("expected the connection to be refused");
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

function startupMessage(user: string): Buffer {
  const parameters = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + parameters.length, 0);
  header.writeInt32BE(196608, 4);
  return Buffer.concat([header, parameters]);
}

/** Speaks the wire protocol by hand, as a client that skips or fakes authentication would. */
async function rawExchange(send: (reply: Buffer) => Buffer[] | undefined): Promise<Buffer> {
  const socket = connect({ host: "127.0.0.1", port: postgres.port });
  let received = Buffer.alloc(0);
  let exchanges = 0;
  return new Promise((resolve, reject) => {
    socket.on("connect", () => {
      for (const chunk of send(Buffer.alloc(0)) ?? []) socket.write(chunk);
    });
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      exchanges += 1;
      for (const chunk of send(data) ?? []) socket.write(chunk);
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    setTimeout(() => reject(new Error(`no close after ${exchanges} replies`)), 20_000).unref();
  });
}

/** The ErrorResponse fields of the first 'E' message, and the message types received. */
function parseReplies(bytes: Buffer) {
  const types: string[] = [];
  const error: Record<string, string> = {};
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = String.fromCharCode(bytes[at]!);
    const length = bytes.readInt32BE(at + 1);
    types.push(type);
    if (type === "E" && !error.C) {
      for (const field of bytes
        .subarray(at + 5, at + 1 + length)
        .toString("utf8")
        .split("\0")) {
        if (field) error[field[0]!] = field.slice(1);
      }
    }
    at += 1 + length;
  }
  return { types, error };
}

beforeAll(async () => {
  postgres = await startEmbeddedPostgres({ password: PASSWORD });
  bridge = await startDbBridge();
  neonConfig.fetchEndpoint = bridge.httpEndpoint;
  neonConfig.webSocketConstructor = WebSocket;
  neonConfig.wsProxy = (host, port) => `${bridge.wsProxy}?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
});

afterAll(async () => {
  await bridge?.close();
  await postgres?.close();
});

describe("the embedded database's password", () => {
  it("puts the password in its URL, and that URL reads the users table", async () => {
    expect(decodeURIComponent(new URL(postgres.url).password)).toBe(PASSWORD);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as users from users");
      expect(rows).toEqual([{ users: 0 }]);
    } finally {
      await client.end();
    }
  });

  it("is random when none is given", async () => {
    const other = await startEmbeddedPostgres({});
    try {
      const password = decodeURIComponent(new URL(other.url).password);
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(password).not.toBe(PASSWORD);
    } finally {
      await other.close();
    }
  });

  it("refuses a wrong password, and another user, with PostgreSQL's authentication error", async () => {
    const wrong = await connectionError(withPassword("postgres"));
    expect(wrong.code).toBe("28P01");
    expect(wrong.message).toBe('password authentication failed for user "postgres"');
    const otherUser = await connectionError(withPassword(PASSWORD, "someone"));
    expect(otherUser.code).toBe("28P01");
  });

  it("refuses a client without a password", async () => {
    const missing = await connectionError(withPassword(null));
    expect(missing.message).toMatch(/password/);
  });

  it("answers a query sent without authenticating with a FATAL error, never with rows", async () => {
    let sent = false;
    const replies = await rawExchange(() => {
      if (sent) return undefined;
      sent = true;
      return [startupMessage("postgres"), message("Q", Buffer.from("select * from users\0"))];
    });
    const { types, error } = parseReplies(replies);
    // AuthenticationSASL, then the refusal: no AuthenticationOk, RowDescription or DataRow.
    expect(types).toEqual(["R", "E"]);
    expect(error.S).toBe("FATAL");
    expect(error.C).toBe("08P01");
  });

  it("refuses a forged SCRAM proof with 28P01", async () => {
    let step = 0;
    let clientFirstBare = "";
    const replies = await rawExchange((reply) => {
      step += 1;
      if (step === 1) return [startupMessage("postgres")];
      const text = reply.toString("latin1");
      if (text.includes("SCRAM-SHA-256") && !clientFirstBare) {
        clientFirstBare = "n=*,r=clientnonce123";
        const clientFirst = Buffer.from(`n,,${clientFirstBare}`);
        const length = Buffer.alloc(4);
        length.writeInt32BE(clientFirst.length);
        return [message("p", Buffer.concat([Buffer.from("SCRAM-SHA-256\0"), length, clientFirst]))];
      }
      const nonce = text.match(/r=([^,]+),s=/)?.[1];
      if (nonce) {
        const forged = Buffer.alloc(32, 7).toString("base64");
        return [message("p", Buffer.from(`c=biws,r=${nonce},p=${forged}`))];
      }
      return undefined;
    });
    const { types, error } = parseReplies(replies);
    expect(types).toEqual(["R", "R", "E"]);
    expect(error.C).toBe("28P01");
  });

  it.skipIf(!existsSync("/usr/bin/psql"))("lets psql (libpq) in with the password only", async () => {
    const psql = (url: string) =>
      promisify(execFile)("psql", [url, "-Atc", "select 40 + 2"], { env: { ...process.env, PGPASSWORD: "" } });
    expect((await psql(postgres.url)).stdout.trim()).toBe("42");
    await expect(psql(withPassword("wrong"))).rejects.toThrow(/password authentication failed for user "postgres"/);
  });

  it("lets the Neon driver in through the bridge with the password only (HTTP and WebSocket)", async () => {
    expect(await neon(postgres.url)`select 1 as one`).toEqual([{ one: 1 }]);
    const httpError = (await neon(withPassword("wrong"))`select 1`.catch((error: unknown) => error)) as NeonDbError;
    expect(httpError.code).toBe("28P01");

    const client = new NeonClient(postgres.url);
    await client.connect();
    expect((await client.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
    await client.end();
    const refused = new NeonClient(withPassword("wrong"));
    const wsError = (await refused.connect().catch((error: unknown) => error)) as NeonDbError;
    expect(wsError.code).toBe("28P01");
  });

  it("keeps asking for it after the port was closed and opened again", async () => {
    await postgres.stopServing();
    await postgres.resumeServing();
    expect((await connectionError(withPassword("wrong"))).code).toBe("28P01");
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.end();
  });
});
