import { DurableObject } from "cloudflare:workers";
import { connectDatabase, type DatabaseConfig } from "../db";
import type { Bindings } from "../env";
import { isDatabaseUnavailable } from "../lib/errors";
import {
  batchingLedger,
  type CertificateRow,
  type CodeKey,
  type PendingScan,
  type ScanLedger,
} from "../services/scan-verification";

/** A counted visit's answer across the object's boundary: errors travel as values, so their kind survives. */
export interface CountedScan {
  certificate: CertificateRow | null;
  /** Why the scan was not counted; null when it was logged. */
  failure: { unavailable: boolean; reason: string } | null;
}

/**
 * One Durable Object per code (named by the column and value the code is looked up by): every
 * counted visit to the code goes through it, and it sends them to the database with group commit
 * (ScanBatcher). A code scanned by a crowd then holds one server connection and runs one statement
 * at a time, so other companies' scans never wait behind it for a connection or a core, and its
 * own scans wait for at most the call before theirs. It keeps nothing: the scan log and the counts
 * are the database's, and an evicted object loses no scan (an answer is given only after its call
 * committed).
 */
export class CodeScans extends DurableObject<Bindings> {
  /** One ledger per database the callers name (one in production; tests point some requests elsewhere). */
  private readonly ledgers = new Map<string, ScanLedger>();

  async count(database: DatabaseConfig, key: CodeKey, scan: PendingScan): Promise<CountedScan> {
    let ledger = this.ledgers.get(database.DATABASE_URL);
    if (!ledger) {
      ledger = batchingLedger(connectDatabase(database).db);
      this.ledgers.set(database.DATABASE_URL, ledger);
    }
    try {
      return { certificate: await ledger.count(key, scan), failure: null };
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (isDatabaseUnavailable(error) || isDatabaseUnavailable(cause)) {
        // The driver's reason only: a failed query's own message carries its parameters.
        const reason = String((cause as Error | undefined)?.message ?? (error as Error).message);
        return { certificate: null, failure: { unavailable: true, reason } };
      }
      console.error("scan batch failed", error);
      return { certificate: null, failure: { unavailable: false, reason: "the scan batch failed" } };
    }
  }
}
