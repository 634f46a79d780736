import type { DatabaseConfig } from "../db";
import type { CertificateRow, CodeKey, PendingScan } from "../services/scans/scan-verification";

/** A counted visit's answer across the object's boundary: errors travel as values, so their kind survives. */
export interface CountedScan {
  certificate: CertificateRow | null;
  /**
   * Why the scan was not counted, null when it was logged: whether the database (or the code's
   * queue) could not take it now, the reason to log (never a query's parameters), and the
   * database's SQLSTATE when it refused the statement.
   */
  failure: { unavailable: boolean; reason: string; code: string | null } | null;
}

/**
 * What the Worker may call on a code's Durable Object (./code-scans.ts): the bindings type the
 * namespace by this, not by the class, so they need not import the object and what it runs.
 */
export interface CodeScansApi extends Rpc.DurableObjectBranded {
  count(database: DatabaseConfig, key: CodeKey, scan: PendingScan): Promise<CountedScan>;
}
