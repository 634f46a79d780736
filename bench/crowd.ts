import { performance } from "node:perf_hooks";
import type pg from "pg";
import { issueCode, registerCompany } from "./accounts";
import { startBuiltServer } from "./built-server";
import { SIMULATED_LATENCY_MS } from "./database-path";
import { nextClientAddress, PHONE_USER_AGENT } from "./http";
import { percentile } from "./measure";

/** The crowds sent at one code: the issue's 1,000, and 2,500 (past SCAN_WAITING_MAX before issue 51). */
export const CROWDS = [1000, 2500] as const;

export interface CrowdRun {
  /** The database link's round trip added by the bridge (ms): 0, the baseline, or 100. */
  linkMs: number;
  scans: number;
  /** From sending the crowd to its last answer (ms). */
  lastAnswerMs: number;
  p90Ms: number;
  answered: number;
  /** Answered 503: refused because SCAN_WAITING_MAX scans were waiting. */
  refused: number;
  other: number;
}

/**
 * A crowd scanning one code at once through the real path: the production build in workerd, each
 * scan a GET /v/<token> from its own address with a phone's User-Agent, through the code's Durable
 * Object to the database, first with the database next door (the baseline), then with the bridge
 * holding every exchange SIMULATED_LATENCY_MS in each direction (a 100 ms round trip, Nairobi to
 * Frankfurt). The object paces its calls by the database's time (decision 069), not the link's.
 */
export async function benchCrowd(databaseUrl: string, pool: pg.Pool): Promise<CrowdRun[]> {
  const runs: CrowdRun[] = [];
  for (const latencyMs of [0, SIMULATED_LATENCY_MS]) {
    const server = await startBuiltServer(databaseUrl, {}, { latencyMs });
    try {
      const firm = await registerCompany(server.origin, pool, `crowd-${latencyMs}`, `Bench Crowd ${latencyMs} Ltd`);
      for (const scans of CROWDS) {
        const code = await issueCode(server.origin, firm);
        const path = new URL(code.address).pathname;
        const started = performance.now();
        const outcomes = await Promise.all(
          Array.from({ length: scans }, async () => {
            const response = await fetch(`${server.origin}${path}`, {
              headers: { "User-Agent": PHONE_USER_AGENT, "CF-Connecting-IP": nextClientAddress() },
            });
            await response.arrayBuffer();
            return { status: response.status, ms: performance.now() - started };
          }),
        );
        runs.push({
          linkMs: 2 * latencyMs,
          scans,
          lastAnswerMs: Math.max(...outcomes.map((outcome) => outcome.ms)),
          p90Ms: percentile(
            outcomes.map((outcome) => outcome.ms),
            0.9,
          ),
          answered: outcomes.filter((outcome) => outcome.status === 200).length,
          refused: outcomes.filter((outcome) => outcome.status === 503).length,
          other: outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503).length,
        });
      }
    } finally {
      await server.stop();
    }
  }
  return runs;
}
