import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Socket } from "node:net";
import { fatalErrorMessage } from "./ws-bridge";

/**
 * The server side of a Postgres connection's startup and SCRAM-SHA-256 authentication (RFC 5802 and
 * 7677, as PostgreSQL implements it), for the embedded database.
 *
 * PGlite has no authentication at all: given a startup message it answers AuthenticationOk whatever
 * the user and password, and pglite-socket passes the startup message straight to it. So this runs
 * in front: a connection reaches PGlite only after it proved it knows the password, and then its
 * own startup message is handed on, so PGlite's AuthenticationOk, parameters and ReadyForQuery
 * follow the SASL exchange exactly as a PostgreSQL server's would. Every client the project uses
 * (node-postgres, the Neon driver, psql) speaks SCRAM-SHA-256, PostgreSQL's default; the password
 * never crosses the socket.
 */

const PROTOCOL_VERSION_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** PostgreSQL's own limit on a startup packet. */
const MAX_STARTUP_LENGTH = 10_000;
/** A SASL message is a few hundred bytes; anything this large is not one. */
const MAX_AUTH_MESSAGE_LENGTH = 10_000;
const PASSWORD_MESSAGE = 0x70; // 'p'
const TERMINATE = 0x58; // 'X'
const SASL = 10;
const SASL_CONTINUE = 11;
const SASL_FINAL = 12;
const MECHANISM = "SCRAM-SHA-256";
/** PostgreSQL's default scram_iterations. */
const SCRAM_ITERATIONS = 4096;
/** PostgreSQL's authentication_timeout is 60 s; a local client needs far less. */
const DEFAULT_TIMEOUT_MS = 30_000;

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** What PostgreSQL stores for a SCRAM password (pg_authid.rolpassword): enough to check a proof. */
export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

export function scramVerifier(password: string, salt = randomBytes(16), iterations = SCRAM_ITERATIONS): ScramVerifier {
  const saltedPassword = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return {
    salt,
    iterations,
    storedKey: sha256(hmac(saltedPassword, "Client Key")),
    serverKey: hmac(saltedPassword, "Server Key"),
  };
}

function authenticationMessage(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const message = Buffer.alloc(9 + data.length);
  message[0] = 0x52; // 'R'
  message.writeInt32BE(8 + data.length, 1);
  message.writeInt32BE(code, 5);
  data.copy(message, 9);
  return message;
}

function startupParameters(body: Buffer): Map<string, string> {
  const parts = body.toString("utf8").split("\0");
  const parameters = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i] !== ""; i += 2) parameters.set(parts[i]!, parts[i + 1]!);
  return parameters;
}

/** `a=1,b=2` into its attributes; the value keeps any `=` (base64). */
function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(",")) {
    const separator = part.indexOf("=");
    if (separator === 1) map.set(part[0]!, part.slice(2));
  }
  return map;
}

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One connection's SCRAM exchange: client-first, then client-final. */
class ScramExchange {
  private clientFirstBare = "";
  private gs2Header = "";
  private serverFirst = "";
  private nonce = "";

  constructor(private readonly verifier: ScramVerifier) {}

  /** SASLInitialResponse: the mechanism and client-first-message; answers server-first-message. */
  first(body: Buffer): string {
    const end = body.indexOf(0);
    if (end < 0 || body.toString("utf8", 0, end) !== MECHANISM || body.length < end + 5) {
      throw new Refusal("08P01", "client selected an invalid SASL authentication mechanism");
    }
    const length = body.readInt32BE(end + 1);
    const clientFirst = body.toString("utf8", end + 5, end + 5 + Math.max(length, 0));
    // gs2-header: channel binding flag and an (empty) authorization identity. Channel binding was not
    // offered (no TLS here), so "p=…" is refused, as PostgreSQL does.
    const gs2 = clientFirst.match(/^([ny]),(a=[^,]*)?,/);
    if (!gs2) throw new Refusal("08P01", "malformed SCRAM message");
    this.gs2Header = gs2[0];
    this.clientFirstBare = clientFirst.slice(gs2[0].length);
    const clientNonce = attributes(this.clientFirstBare).get("r");
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) {
      throw new Refusal("08P01", "malformed SCRAM message");
    }
    this.nonce = clientNonce + randomBytes(18).toString("base64");
    const { salt, iterations } = this.verifier;
    this.serverFirst = `r=${this.nonce},s=${salt.toString("base64")},i=${iterations}`;
    return this.serverFirst;
  }

  /** SASLResponse: client-final-message; answers server-final-message, or undefined for a wrong proof. */
  final(body: Buffer): string | undefined {
    const clientFinal = body.toString("utf8");
    const proofAt = clientFinal.lastIndexOf(",p=");
    if (proofAt < 0) throw new Refusal("08P01", "malformed SCRAM message");
    const withoutProof = clientFinal.slice(0, proofAt);
    const fields = attributes(withoutProof);
    if (fields.get("c") !== Buffer.from(this.gs2Header).toString("base64") || fields.get("r") !== this.nonce) {
      throw new Refusal("08P01", "malformed SCRAM message");
    }
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const { storedKey, serverKey } = this.verifier;
    if (proof.length !== storedKey.length) return undefined;
    const signature = hmac(storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
    if (!timingSafeEqual(sha256(clientKey), storedKey)) return undefined;
    return `v=${hmac(serverKey, authMessage).toString("base64")}`;
  }
}

interface AuthenticateOptions {
  /** The one role that may connect ("postgres"). */
  user: string;
  verifier: ScramVerifier;
  /** How long the client has to authenticate before the connection is closed. */
  timeoutMs?: number;
}

/**
 * Runs a new connection's startup and SCRAM-SHA-256 exchange. Resolves with the bytes to hand to
 * the database: the client's startup message, then anything it already sent after authenticating;
 * the socket is then paused with no data listener of ours, for the caller to attach its own. A
 * refused connection (wrong password or user, anything but the expected messages) is answered with
 * a FATAL ErrorResponse as PostgreSQL would (28P01 for a failed authentication) and closed; the
 * promise then resolves null.
 */
export function authenticateConnection(socket: Socket, options: AuthenticateOptions): Promise<Buffer | null> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    /** Waiting for the startup message, then for SASLInitialResponse, then for SASLResponse. */
    let stage: "startup" | "first" | "final" = "startup";
    let startup = Buffer.alloc(0);
    let user = "";
    const exchange = new ScramExchange(options.verifier);
    let done = false;

    const finish = (result: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("close", onGone);
      socket.off("error", onGone);
      // A refused client may still reset the connection: that must not become an unhandled error.
      if (!result) socket.on("error", () => {});
      resolve(result);
    };
    const refuse = (code: string, message: string) => {
      socket.end(fatalErrorMessage(code, message));
      finish(null);
    };
    const onGone = () => {
      socket.destroy();
      finish(null);
    };
    const timer = setTimeout(onGone, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);

    /** Handles every complete message in the buffer; returns once it needs more bytes or is done. */
    const step = () => {
      while (!done) {
        if (stage === "startup") {
          // Startup, SSLRequest, GSSENCRequest and CancelRequest: int32 length, int32 code, no type byte.
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (length < 8 || length > MAX_STARTUP_LENGTH) return refuse("08P01", "invalid length of startup packet");
          if (buffer.length < length) return;
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          const code = message.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write("N"); // no encryption on loopback; the client goes on in plain text
            continue;
          }
          // PGlite runs one statement at a time and has no backend to signal.
          if (code === CANCEL_REQUEST) return onGone();
          if (code !== PROTOCOL_VERSION_3) return refuse("0A000", "unsupported frontend protocol");
          user = startupParameters(message.subarray(8)).get("user") ?? "";
          if (!user) return refuse("28000", "no PostgreSQL user name specified in startup packet");
          startup = Buffer.from(message);
          socket.write(authenticationMessage(SASL, Buffer.from(`${MECHANISM}\0\0`)));
          stage = "first";
          continue;
        }
        if (buffer.length < 5) return;
        const type = buffer[0]!;
        const length = buffer.readInt32BE(1);
        if (length < 4 || length > MAX_AUTH_MESSAGE_LENGTH) return refuse("08P01", "invalid message length");
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === TERMINATE) return onGone();
        // Anything else before authentication (a query, say) is refused and never reaches the database.
        if (type !== PASSWORD_MESSAGE) return refuse("08P01", `expected SASL response, got message type ${type}`);
        if (stage === "first") {
          socket.write(authenticationMessage(SASL_CONTINUE, Buffer.from(exchange.first(body))));
          stage = "final";
          continue;
        }
        const serverFinal = exchange.final(body);
        // A wrong user gets the same answer as a wrong password, after the same exchange, as in PostgreSQL.
        if (serverFinal === undefined || user !== options.user) {
          return refuse("28P01", `password authentication failed for user "${user}"`);
        }
        socket.write(authenticationMessage(SASL_FINAL, Buffer.from(serverFinal)));
        // No more data events until the caller has attached the database's own handler.
        socket.pause();
        return finish(Buffer.concat([startup, buffer]));
      }
    };

    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      try {
        step();
      } catch (error) {
        if (error instanceof Refusal) refuse(error.code, error.message);
        else refuse("08P01", "invalid authentication message");
      }
    };
    socket.on("data", onData);
    socket.on("close", onGone);
    socket.on("error", onGone);
  });
}
