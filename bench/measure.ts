import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** Middle value of the samples (mean of the two middle ones for an even count). */
export function median(samples: number[]): number {
  if (samples.length === 0) throw new Error("median of no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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

/** User plus system CPU time of the processes so far, in ms (from /proc/<pid>/stat). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces; the fields after it are space-separated: utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
}
