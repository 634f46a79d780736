/**
 * A burst of scans sent at once to the database, from a process of its own at the lowest CPU
 * priority (bench/database-path.ts runs it with nice 19). In production a burst is answered by
 * Worker isolates on many machines, each passing its scan to the code's Durable Object, and what
 * reaches the one shared database is that object's calls of the scan function, each carrying the
 * scans that arrived while the one before it ran. This process makes exactly those calls, with the
 * services' own code (lookUpAddress through batchingLedger, which the object runs) over
 * `connections` connections (the pooler's server connections, opened before the burst as a
 * pooler's are), so the burst's database work is production's while the Worker and object work
 * around it (HTTP, HTML, QR, the object's calls) stays off this two-core machine, as it is off the
 * database's machine in production.
 *
 * Usage: tsx bench/burst.ts <database url> <connections> <scans> <first visitor> <token>… ; prints
 * "ready" once loaded and connected, sends the burst when a line arrives on stdin, then prints the
 * outcomes as JSON: "200" for a certificate found (the bench checks the counts itself), "404" for
 * none, or the error; and the CPU it used from the moment it was told to send. Node's start-up
 * (loading tsx, drizzle and the services) stays out of the phase the bench times: it is this
 * process's, not a burst's, and no machine of production pays it.
 */
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as tables from "../schema/tables";
import type { Database } from "../worker/db";
import { batchingLedger } from "../worker/services/scans/scan-counting";
import { lookUpAddress } from "../worker/services/scans/certificate-lookup";

const [databaseUrl, connections, scans, firstVisitor, ...tokens] = process.argv.slice(2);
if (!databaseUrl || !connections || !scans || !firstVisitor || tokens.length === 0) {
  throw new Error("usage: tsx bench/burst.ts <database url> <connections> <scans> <first visitor> <token>…");
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(connections) });
const db = drizzle({ client: pool, schema: tables, casing: "snake_case" }) as unknown as Database;
await Promise.all(Array.from({ length: Number(connections) }, () => pool.query("SELECT 1")));
// One ledger for the whole burst, as every scan of a code meets in the code's one object.
const ledger = batchingLedger(db);
console.log("ready");
await once(createInterface({ input: process.stdin }), "line");
const cpuAtGo = process.cpuUsage();

const start = performance.now();
const outcomes = await Promise.all(
  Array.from({ length: Number(scans) }, async (_, index) => {
    try {
      // Each scan from a visitor of its own, as 1,000 phones are.
      const visitorHash = `burst-visitor-${Number(firstVisitor) + index}`;
      const found = await lookUpAddress(ledger, tokens[index % tokens.length]!, "https://verify.valuseal.com", {
        kind: "scan",
        country: "KE",
        city: "Nairobi",
        deviceClass: "mobile",
        visitorHash,
      });
      return found.found ? "200" : "404";
    } catch (error) {
      return `error (${(error as Error).message})`;
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
await pool.end();
const tally: Record<string, number> = {};
for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
// This process's CPU since it was told to send, which the bench takes out of its own process tree's.
const { user, system } = process.cpuUsage(cpuAtGo);
console.log(JSON.stringify({ ok: tally["200"] ?? 0, statuses: tally, seconds, cpuMs: (user + system) / 1000 }));
