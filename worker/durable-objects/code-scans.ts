import { DurableObject } from "cloudflare:workers";
import { connectDatabase, type DatabaseConfig } from "../db";
import type { Bindings } from "../bindings";
import { errorReportOptions, reportErrorsOfObject } from "../lib/error-reports";
import { batchingLedger, type CodeKey, type PendingScan, type ScanLedger } from "../services/scans/scan-counting";
import { scanFailureOf, type CodeScansApi, type CountedScan } from "./code-scans-api";

/**
 * One Durable Object per code (named by the column and value the code is looked up by): every
 * counted visit to the code goes through it, and it sends them to the database with group commit
 * (ScanBatcher). A code scanned by a crowd then holds one server connection and runs one statement
 * at a time, so other companies' scans never queue behind it for a connection, and the database
 * spends one statement's work on many scans; its own scans wait for the call before theirs. It
 * keeps nothing: the scan log and the counts are the database's, and an answer is given only after
 * its call committed.
 */
class CodeScansObject extends DurableObject<Bindings> implements CodeScansApi {
  /**
   * One ledger per database the callers name, by all its settings: one in production, where every
   * request names the Worker's own; tests point some requests at a database of their own.
   */
  private readonly ledgers = new Map<string, ScanLedger>();

  async count(database: DatabaseConfig, key: CodeKey, scan: PendingScan): Promise<CountedScan> {
    const name = JSON.stringify(database);
    let ledger = this.ledgers.get(name);
    if (!ledger) {
      ledger = batchingLedger(connectDatabase(database).db);
      this.ledgers.set(name, ledger);
    }
    try {
      return { certificate: await ledger.count(key, scan), failure: null };
    } catch (error) {
      return { certificate: null, failure: scanFailureOf(error) };
    }
  }
}

/** The class wrangler.toml binds: the object, with what it throws reported (worker/lib/error-reports.ts). */
export const CodeScans = reportErrorsOfObject(errorReportOptions, CodeScansObject);
