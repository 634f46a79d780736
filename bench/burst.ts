/**
 * A burst of scans sent at once, from a process of its own: bench/database-path.ts runs it at the
 * lowest CPU priority (nice 19) beside the Worker that answers it, so that on this two-core machine
 * the burst's own work stands for work done elsewhere, as a burst's Worker isolates are in
 * production, and only the database is shared with the other companies' scans.
 *
 * Usage: tsx bench/burst.ts <origin> <scans> <first address> <path>… ; prints the statuses as JSON.
 */
import { performance } from "node:perf_hooks";
import { clientAddress, PHONE_USER_AGENT } from "./http";

const [origin, scans, firstAddress, ...paths] = process.argv.slice(2);
if (!origin || !scans || !firstAddress || paths.length === 0) {
  throw new Error("usage: tsx bench/burst.ts <origin> <scans> <first address> <path>…");
}
/** Every scan from its own address (the Worker rate-limits per address), in a range no other process uses. */
const address = (n: number) => clientAddress(n, 172);

const start = performance.now();
const statuses = await Promise.all(
  Array.from({ length: Number(scans) }, async (_, index) => {
    try {
      const res = await fetch(`${origin}${paths[index % paths.length]}`, {
        headers: { "User-Agent": PHONE_USER_AGENT, "CF-Connecting-IP": address(Number(firstAddress) + index) },
      });
      await res.arrayBuffer();
      return String(res.status);
    } catch (error) {
      return `network error (${(error as Error).message})`;
    }
  }),
);
const tally: Record<string, number> = {};
for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
// This process's own CPU (its start-up included), which the bench takes out of its own process tree's.
const { user, system } = process.cpuUsage();
console.log(
  JSON.stringify({
    ok: tally["200"] ?? 0,
    statuses: tally,
    seconds: (performance.now() - start) / 1000,
    cpuMs: (user + system) / 1000,
  }),
);
