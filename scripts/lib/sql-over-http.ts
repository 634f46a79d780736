import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/**
 * A local stand-in for Neon's HTTP SQL endpoint (what `@neondatabase/serverless`'s `neon()` and
 * drizzle's neon-http driver POST to when `neonConfig.fetchEndpoint` points here), run with
 * node-postgres against whatever loopback Postgres the connection string names.
 *
 * The contract is the driver's: a body `{ query, params }` answers
 * `{ command, rowCount, rows, fields, rowAsArray }` with every value as Postgres' text (null for
 * NULL), which the driver parses itself; `{ queries: [...] }` runs them in one transaction and
 * answers `{ results: [...] }`. A Postgres error answers 400 with its fields (code, constraint, …),
 * so the app sees the same error as on Neon; a database that cannot be reached answers 503.
 */

/** Neon refuses bodies over 10 MB; so does this endpoint, so a query too big for Neon fails here first. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The fields of a Postgres error the driver copies onto its NeonDbError. */
const ERROR_FIELDS = [
  "code",
  "severity",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;

/** The isolation levels the driver's `isolationLevel` option names. */
const ISOLATION_LEVELS: Record<string, string> = {
  ReadUncommitted: "READ UNCOMMITTED",
  ReadCommitted: "READ COMMITTED",
  RepeatableRead: "REPEATABLE READ",
  Serializable: "SERIALIZABLE",
};

/** Postgres' own text for every type: the driver applies its type parsers to it, as it does on Neon's answers. */
const RAW_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

interface SqlQuery {
  query: string;
  params: unknown[];
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** True for 127.0.0.0/8, ::1 and localhost: the bridge is a local development and test tool. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The server connection settings from the driver's connection string. Only user, password, host,
 * port, database and application_name are taken: options such as `host=` in the query string could
 * otherwise point the bridge at another server.
 */
function connectionConfig(connectionString: string | undefined): pg.PoolConfig {
  if (!connectionString) throw new HttpError(400, "missing Neon-Connection-String header");
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    throw new HttpError(400, "Neon-Connection-String is not a valid URL");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new HttpError(400, "Neon-Connection-String must be a postgres:// URL");
  }
  if (!isLoopbackHost(url.hostname)) {
    throw new HttpError(400, "this local endpoint only connects to loopback databases (127.0.0.0/8, ::1, localhost)");
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)) || undefined,
    application_name: url.searchParams.get("application_name") ?? undefined,
    types: RAW_TEXT,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, `request body over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseQuery(value: unknown): SqlQuery {
  const item = value as { query?: unknown; params?: unknown } | null;
  if (typeof item?.query !== "string") throw new HttpError(400, "each query needs a `query` string");
  if (item.params !== undefined && !Array.isArray(item.params)) throw new HttpError(400, "`params` must be an array");
  return { query: item.query, params: (item.params as unknown[] | undefined) ?? [] };
}

function parseBody(text: string): { single: SqlQuery } | { batch: SqlQuery[] } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, "request body is not JSON");
  }
  const queries = (body as { queries?: unknown } | null)?.queries;
  if (queries === undefined) return { single: parseQuery(body) };
  if (!Array.isArray(queries)) throw new HttpError(400, "`queries` must be an array");
  return { batch: queries.map(parseQuery) };
}

/** BEGIN with the batch headers the driver sends for `sql.transaction(…, { isolationLevel, readOnly, deferrable })`. */
function beginStatement(req: IncomingMessage): string {
  const parts = ["BEGIN"];
  const level = req.headers["neon-batch-isolation-level"];
  if (typeof level === "string") {
    const sql = ISOLATION_LEVELS[level];
    if (!sql) throw new HttpError(400, `invalid Neon-Batch-Isolation-Level: ${level}`);
    parts.push(`ISOLATION LEVEL ${sql}`);
  }
  if (req.headers["neon-batch-read-only"] === "true") parts.push("READ ONLY");
  if (req.headers["neon-batch-deferrable"] === "true") parts.push("DEFERRABLE");
  return parts.join(" ");
}

function answerOf(result: pg.QueryResult<unknown[]>, arrayMode: boolean) {
  const fields = result.fields.map(
    ({ name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format }) => ({
      name,
      tableID,
      columnID,
      dataTypeID,
      dataTypeSize,
      dataTypeModifier,
      format,
    }),
  );
  const rows = arrayMode
    ? result.rows
    : result.rows.map((row) => Object.fromEntries(fields.map((field, index) => [field.name, row[index]])));
  return { command: result.command, rowCount: result.rowCount, rows, fields, rowAsArray: arrayMode };
}

/** A Postgres error (it has a SQLSTATE code) is the query's fault: 400 with its fields, as Neon answers. */
function isDatabaseError(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError;
}

interface SqlOverHttp {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Server connections the endpoint holds now (busy or idle), over every target. */
  openConnections(): number;
  close(): Promise<void>;
}

export function createSqlOverHttp(options: {
  /** Server connections per target connection string; requests beyond wait in the pool's queue. */
  maxConnections: number;
  queueTimeoutMs: number;
  latencyMs: number;
}): SqlOverHttp {
  const pools = new Map<string, pg.Pool>();

  const poolFor = (connectionString: string) => {
    const config = connectionConfig(connectionString);
    // Keyed by the whole string (user and password included); held in memory only, never logged.
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({
        ...config,
        max: options.maxConnections,
        // How long a request may wait for a free connection, and for a new one to open.
        connectionTimeoutMillis: options.queueTimeoutMs,
        idleTimeoutMillis: 10_000,
      });
      // An idle connection whose server went away (a restart) is dropped; the next request opens another.
      pool.on("error", () => {});
      pools.set(connectionString, pool);
    }
    return pool;
  };

  const run = async (client: pg.PoolClient, query: SqlQuery, arrayMode: boolean) =>
    // Extended protocol, as Neon runs every query: one statement each, parameters never spliced in.
    answerOf(
      await client.query<unknown[]>({
        text: query.query,
        values: query.params,
        rowMode: "array",
        queryMode: "extended",
      } as pg.QueryArrayConfig),
      arrayMode,
    );

  const execute = async (req: IncomingMessage, body: string) => {
    const connectionString = req.headers["neon-connection-string"];
    const pool = poolFor(typeof connectionString === "string" ? connectionString : "");
    if (req.headers["neon-raw-text-output"] !== "true") {
      throw new HttpError(
        400,
        "this local endpoint answers raw text only (Neon-Raw-Text-Output: true, as the driver sends)",
      );
    }
    const arrayMode = req.headers["neon-array-mode"] === "true";
    const parsed = parseBody(body);
    const begin = "batch" in parsed ? beginStatement(req) : "";
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      if (isDatabaseError(error)) throw error; // e.g. a wrong password: the caller's fault, 400
      throw new HttpError(503, `database unreachable: ${(error as Error).message}`);
    }
    let broken: Error | undefined;
    // A connection that dies while checked out (a stopped server) emits "error" on the client, which
    // with no listener ends the whole process; it is noted instead, and the client discarded.
    const noteBroken = (error: Error) => (broken = error);
    client.on("error", noteBroken);
    try {
      if ("single" in parsed) return await run(client, parsed.single, arrayMode);
      await client.query(begin);
      try {
        const results = [];
        for (const query of parsed.batch) results.push(await run(client, query, arrayMode));
        await client.query("COMMIT");
        return { results };
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      }
    } catch (error) {
      if (!isDatabaseError(error)) {
        broken = error as Error;
        throw new HttpError(503, `database connection lost: ${(error as Error).message}`);
      }
      throw error;
    } finally {
      client.off("error", noteBroken);
      client.release(broken);
    }
  };

  const send = async (res: ServerResponse, status: number, body: unknown) => {
    if (options.latencyMs) await sleep(options.latencyMs);
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };

  return {
    async handle(req, res) {
      try {
        const body = await readBody(req);
        if (options.latencyMs) await sleep(options.latencyMs);
        await send(res, 200, await execute(req, body));
      } catch (error) {
        if (error instanceof HttpError) {
          await send(res, error.status, { message: error.message });
        } else if (isDatabaseError(error)) {
          const fields = Object.fromEntries(ERROR_FIELDS.map((field) => [field, error[field]]));
          await send(res, 400, { message: error.message, ...fields });
        } else {
          await send(res, 500, { message: `bridge error: ${(error as Error).message}` });
        }
      }
    },
    openConnections: () => [...pools.values()].reduce((sum, pool) => sum + pool.totalCount, 0),
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.end()));
      pools.clear();
    },
  };
}
