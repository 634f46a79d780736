import type { DatabaseConfig } from "../db";
import type { CertificateRow } from "../lib/certificate-columns";
import { DatabaseUnavailableError, isDatabaseUnavailable, sqlStateOf } from "../lib/errors";
import { ScanQueueFullError } from "../lib/scan-batcher";
import type { CodeKey, PendingScan } from "../services/scans/scan-counting";

/**
 * Why a scan was not counted, as it crosses the object's boundary: RPC carries an error's message
 * but not its class, so the one error type travels as this value, made on the object's side
 * (scanFailureOf) and turned back into an error on the Worker's (errorOfScanFailure), both here.
 */
export interface ScanFailure {
  /** The database (or the code's queue) could not take it now: the visitor is asked to try again. */
  unavailable: boolean;
  /** The reason to log: never a query's parameters. */
  reason: string;
  /** The database's SQLSTATE when it refused the statement, so a deadlock is answered as one. */
  code: string | null;
}

/** A counted visit's answer across the object's boundary. */
export interface CountedScan {
  certificate: CertificateRow | null;
  /** Null when the visit was logged. */
  failure: ScanFailure | null;
}

/**
 * What the Worker may call on a code's Durable Object (./code-scans.ts): the bindings type the
 * namespace by this, not by the class, so they need not import the object and what it runs.
 */
export interface CodeScansApi extends Rpc.DurableObjectBranded {
  count(database: DatabaseConfig, key: CodeKey, scan: PendingScan): Promise<CountedScan>;
}

/** The object's side: what a failed count is, as a value. */
export function scanFailureOf(error: unknown): ScanFailure {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof ScanQueueFullError) return { unavailable: true, reason: error.message, code: null };
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable(cause)) {
    // The driver's reason only: a failed query's own message carries its parameters.
    const reason = String((cause as Error | undefined)?.message ?? (error as Error).message);
    return { unavailable: true, reason, code: sqlStateOf(error) };
  }
  console.error("scan batch failed", error);
  return { unavailable: false, reason: "the scan batch failed", code: sqlStateOf(error) };
}

/** A scan the object could not count; `code` is the database's SQLSTATE, read by the error answer. */
class ScanNotCountedError extends Error {
  constructor(
    reason: string,
    readonly code: string | null,
  ) {
    super(`scan not counted: ${reason}`);
  }
}

/** The Worker's side: the error a failure answered by the object is, the one place it is read. */
export function errorOfScanFailure(failure: ScanFailure): Error {
  if (failure.unavailable) return new DatabaseUnavailableError(failure.reason);
  return new ScanNotCountedError(failure.reason, failure.code);
}
