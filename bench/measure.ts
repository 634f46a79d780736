import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** Middle value of the samples (mean of the two middle ones for an even count). */
export function median(samples: number[]): number {
  if (samples.length === 0) throw new Error("median of no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The sample at or below which `fraction` of the samples lie (nearest rank: 0.9 is the p90). */
export function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) throw new Error("percentile of no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * Per-call time of a synchronous function: batches sized to take about `batchMs` each, repeated
 * until `budgetMs` has passed (at least `minBatches`), so a busy machine shows up as spread
 * between batches rather than as one skewed mean. Returns the milliseconds per call of each batch.
 */
export function timeBatches(work: () => unknown, budgetMs: number, batchMs = 100, minBatches = 5): number[] {
  const probeStart = performance.now();
  work();
  const probe = Math.max(performance.now() - probeStart, 0.001);
  const batchSize = Math.max(1, Math.round(batchMs / probe));
  const perCall: number[] = [];
  const until = performance.now() + budgetMs;
  while (perCall.length < minBatches || performance.now() < until) {
    const start = performance.now();
    for (let i = 0; i < batchSize; i += 1) work();
    perCall.push((performance.now() - start) / batchSize);
  }
  return perCall;
}

export const formatMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
export const formatInt = (value: number) => Math.round(value).toLocaleString("en-GB");
export const formatRatio = (value: number) => `${value.toFixed(2)}×`;

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] state,
 * [1] parent pid, … [11] utime, [12] stime, [13] cutime, [14] cstime (clock ticks).
 */
export function procStat(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** User plus system CPU time of the processes so far, in ms (from /proc/<pid>/stat). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = procStat(pid);
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
}

/** Each live process's parent and CPU so far (its own, and its exited children's once waited for), in clock ticks. */
function processTable() {
  const table = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fields: string[];
    try {
      fields = procStat(entry);
    } catch {
      continue; // exited while the table was read
    }
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    table.set(Number(entry), { parent: Number(fields[1]), ticks });
  }
  return table;
}

/**
 * CPU time (ms) of each named process tree so far: its root and descendants, including those that
 * exited (a waited-for child's time counts in its parent). A process counts in the tree of its
 * nearest named ancestor (or itself), so a tree inside another is counted apart from it.
 */
export function treesCpuMs(roots: Record<string, number>): Record<string, number> {
  const table = processTable();
  const treeOf = new Map<number, string>();
  const rootPids = new Map(Object.entries(roots).map(([name, pid]) => [pid, name]));
  const find = (pid: number): string | undefined => {
    const seen: number[] = [];
    let current = pid;
    let found: string | undefined;
    while (current > 1 && table.has(current)) {
      if (treeOf.has(current)) {
        found = treeOf.get(current);
        break;
      }
      seen.push(current);
      found = rootPids.get(current);
      if (found) break;
      current = table.get(current)!.parent;
    }
    for (const pid of seen) treeOf.set(pid, found ?? "");
    return found;
  };
  const totals = Object.fromEntries(Object.keys(roots).map((name) => [name, 0]));
  for (const [pid, { ticks }] of table) {
    const name = find(pid);
    if (name) totals[name]! += (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
  }
  return totals;
}

/** The machine's busy CPU time so far (all cores, ms), from /proc/stat. */
function machineBusyMs(): number {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Waits until the whole machine used less than `cores` of CPU over a second (up to `timeoutMs`), so
 * a per-request CPU figure is not inflated by an earlier section's leftovers (autovacuum, a server
 * winding down) competing for the caches; answers the last second's load, in cores.
 */
export async function quietMachine(cores = 0.25, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = machineBusyMs();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const load = (machineBusyMs() - before) / 1000;
    if (load < cores || Date.now() > deadline) return load;
  }
}
