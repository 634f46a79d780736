/*
 * The Worker's structured log: one JSON line per request, per scheduled run and per queue batch
 * (Workers Logs indexes each field; docs/operations.md, Logs). Fields are ids, names, counts and
 * durations only: never an email, a name, an address, a token or a request's body.
 */

interface RequestLine {
  type: "request";
  requestId: string;
  method: string;
  /** The route's pattern (/api/qr-codes/:id), never the path itself: a path can carry a token. */
  route: string;
  status: number;
  durationMs: number;
  /** The caller's firm or lender, when one is known. */
  organisationId: number | null;
}

interface JobLine {
  type: "job";
  job: string;
  outcome: "succeeded" | "failed";
  durationMs: number;
  failedTasks: string[];
}

interface QueueLine {
  type: "queue";
  queue: string;
  messages: number;
  durationMs: number;
  outcome: "succeeded" | "failed";
}

/** Writes one line; an error-level line for a 5xx answer or a failure, so a log filter finds them. */
export function logLine(line: RequestLine | JobLine | QueueLine) {
  const failed = line.type === "request" ? line.status >= 500 : line.outcome === "failed";
  const text = JSON.stringify({ level: failed ? "error" : "info", ...line });
  if (failed) console.error(text);
  else console.log(text);
}
