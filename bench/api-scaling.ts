import { isDeepStrictEqual } from "node:util";
import type pg from "pg";
import { type Account } from "./accounts";
import { requestJson } from "./http";
import { performance } from "node:perf_hooks";
import { median } from "./measure";
import {
  adminCompaniesPageQuery,
  type BenchDatabase,
  historyPageQuery,
  historyPageWindowQuery,
  statsQuery,
} from "./route-queries";

const RUNS = 15;
const WARMUP = 3;

interface SqlText {
  sql: string;
  params: unknown[];
}

interface ApiRequest {
  path: string;
  token: string;
  /** What of the API's answer must equal the replicated query's result. */
  pick: (body: any) => unknown;
}

export interface Probe {
  route: string;
  subject: string;
  /** Absent for a SQL-only comparison query, which must then return what `reference` does. */
  api?: ApiRequest;
  reference?: () => Promise<unknown>;
  /** The statements the route runs for this request (in parallel when more than one). */
  statements: () => SqlText[];
  fromReplica: () => Promise<unknown>;
}

export interface ProbeResult {
  route: string;
  subject: string;
  path: string | null;
  apiMs: number | null;
  sqlMs: number;
  /** The replicated SQL returned exactly what the API (or the reference query) did. */
  matchesApi: boolean;
  plans: string[];
}

export interface Subjects {
  hot: Account;
  typical: Account;
  admin: Account;
}

export function buildProbes(db: BenchDatabase, subjects: Subjects): Probe[] {
  const stats = (label: string, account: Account): Probe => ({
    route: "Dashboard stats",
    subject: label,
    api: { path: "/api/analytics/stats", token: account.token, pick: (body) => body },
    statements: () => [statsQuery(db, account.companyId).toSQL()],
    fromReplica: async () => (await statsQuery(db, account.companyId))[0],
  });
  const pageSummary = (rows: { id: number; total: number }[]) => ({
    ids: rows.map((row) => row.id),
    total: rows[0]?.total ?? 0,
  });
  const history = (label: string, account: Account): Probe => ({
    route: "History page 1",
    subject: label,
    api: {
      path: "/api/qr-codes?page=1",
      token: account.token,
      pick: (body: { items: { id: number }[]; total: number }) => ({
        ids: body.items.map((item) => item.id),
        total: body.total,
      }),
    },
    statements: () => [historyPageQuery(db, account.companyId).toSQL()],
    fromReplica: async () => pageSummary(await historyPageQuery(db, account.companyId)),
  });
  const companyCounts = (items: { id: number; qrCodeCount: number; valuerCount: number }[], total: number) => ({
    items: items.map(({ id, qrCodeCount, valuerCount }) => ({ id, qrCodeCount, valuerCount })),
    total,
  });
  return [
    stats("hot company", subjects.hot),
    stats("typical company", subjects.typical),
    history("hot company", subjects.hot),
    history("typical company", subjects.typical),
    {
      route: "History page 1, previous query: count(*) over ()",
      subject: "hot company",
      reference: async () => pageSummary(await historyPageQuery(db, subjects.hot.companyId)),
      statements: () => [historyPageWindowQuery(db, subjects.hot.companyId).toSQL()],
      fromReplica: async () => pageSummary(await historyPageWindowQuery(db, subjects.hot.companyId)),
    },
    {
      route: "Admin companies page 1",
      subject: "admin; the page includes the hot company",
      api: {
        path: "/api/admin/companies-detailed?page=1",
        token: subjects.admin.token,
        pick: (body) => companyCounts(body.items, body.total),
      },
      statements: () => [adminCompaniesPageQuery(db).toSQL()],
      fromReplica: async () => {
        const items = await adminCompaniesPageQuery(db);
        return companyCounts(items, items[0]?.total ?? 0);
      },
    },
  ];
}

async function explain(pool: pg.Pool, statement: SqlText): Promise<string> {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>({
    text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
    values: statement.params,
  });
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

/** One timed call, in milliseconds. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Each route through the API (the Worker under `npm run dev`: auth, session look-up, query, JSON)
 * and its SQL alone over the same database. The probes take turns, one call each per round, so a
 * burst of load from elsewhere falls on all of them rather than on one probe's whole series; the
 * figure is the median of RUNS rounds after WARMUP. Then one EXPLAIN (ANALYZE, BUFFERS) per statement.
 */
export async function measureProbes(origin: string, pool: pg.Pool, probes: Probe[], log: (line: string) => void) {
  const series = probes.map((probe) => ({
    probe,
    statements: probe.statements(),
    expected: undefined as unknown,
    apiSamples: [] as number[],
    sqlSamples: [] as number[],
  }));
  const callApi = async (entry: (typeof series)[number]) => {
    const { api } = entry.probe;
    if (!api) return;
    const res = await requestJson(origin, api.path, { token: api.token });
    if (res.status !== 200) throw new Error(`GET ${api.path}: ${res.status} ${JSON.stringify(res.body)}`);
    entry.expected = api.pick(res.body);
  };
  const runSql = (entry: (typeof series)[number]) =>
    Promise.all(entry.statements.map((statement) => pool.query({ text: statement.sql, values: statement.params })));
  for (let round = 0; round < WARMUP + RUNS; round += 1) {
    for (const entry of series) {
      const apiMs = await timed(() => callApi(entry));
      const sqlMs = await timed(() => runSql(entry));
      if (round < WARMUP) continue;
      entry.apiSamples.push(apiMs);
      entry.sqlSamples.push(sqlMs);
    }
  }
  const results: ProbeResult[] = [];
  for (const { probe, statements, expected, apiSamples, sqlSamples } of series) {
    const reference = probe.api ? expected : await probe.reference!();
    const matchesApi = isDeepStrictEqual(reference, await probe.fromReplica());
    const plans: string[] = [];
    for (const statement of statements) plans.push(await explain(pool, statement));
    const result: ProbeResult = {
      route: probe.route,
      subject: probe.subject,
      path: probe.api?.path ?? null,
      apiMs: probe.api ? median(apiSamples) : null,
      sqlMs: median(sqlSamples),
      matchesApi,
      plans,
    };
    results.push(result);
    log(
      `    ${`${probe.route} (${probe.subject})`.padEnd(72)} API ${(result.apiMs?.toFixed(1) ?? "–").padStart(7)} ms` +
        `   SQL ${result.sqlMs.toFixed(2).padStart(8)} ms${matchesApi ? "" : "   REPLICA DIFFERS FROM API"}`,
    );
  }
  return results;
}
