import { execFileSync } from "node:child_process";
import { cpus, freemem, loadavg, release, totalmem, type as osType } from "node:os";

export interface Machine {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  freeMemoryGiB: number;
  os: string;
  node: string;
  loadAverage: string;
  commit: string;
}

const GIB = 1024 ** 3;

function gitCommit(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/** What the figures were measured on; the load average tells a reader how busy the machine was. */
export function describeMachine(): Machine {
  const cpu = cpus();
  return {
    date: new Date().toISOString(),
    cpuModel: cpu[0]?.model.trim() ?? "unknown",
    cores: cpu.length,
    memoryGiB: totalmem() / GIB,
    freeMemoryGiB: freemem() / GIB,
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverage: loadavg()
      .map((value) => value.toFixed(2))
      .join(" / "),
    commit: gitCommit(),
  };
}
