import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

/** The API test that makes 200, then 2,000, companies due for their daily digest in one hour. */
export const DIGEST_TEST_FILE = "tests/api/digest-batches.test.ts";

export interface DigestTest {
  title: string;
  passed: boolean;
  seconds: number;
}

export interface DigestResult {
  tests: DigestTest[];
  /** What the hourly job logged of each run: companies due, pages queued. */
  runs: { due: number; pages: number }[];
  /** What each delivery of a page logged: companies claimed, emails, the email queue's batches, companies given back. */
  pages: { claimed: number; emails: number; batches: number; givenBack: number }[];
  /** Deliveries of a page that failed and were handed back to the queue to retry. */
  failedPages: number;
  seconds: number;
}

/**
 * The digest test, run as `npm run test:api` runs it (its own PostgreSQL cluster, the Worker in
 * workerd, a real MailDev inbox): 200 companies' digests through the hourly run and both queues to
 * the inbox, then 2,000 companies' pages with injected failures. The bench reports its outcome and
 * what the hourly runs and each page's delivery logged.
 */
export function benchDigests(): DigestResult {
  const folder = mkdtempSync(join(tmpdir(), "valuseal-bench-digests-"));
  const report = join(folder, "report.json");
  const start = performance.now();
  try {
    const run = spawnSync(
      process.execPath,
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--project",
        "api",
        DIGEST_TEST_FILE,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${report}`,
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    const results = JSON.parse(readFileSync(report, "utf8")) as {
      testResults: { assertionResults: { title: string; status: string; duration?: number }[] }[];
    };
    const tests = results.testResults.flatMap((file) =>
      file.assertionResults.map((test) => ({
        title: test.title,
        passed: test.status === "passed",
        seconds: (test.duration ?? 0) / 1000,
      })),
    );
    const runs = [...output.matchAll(/daily digests: (\d+) companies due, (\d+) pages queued/g)].map((match) => ({
      due: Number(match[1]),
      pages: Number(match[2]),
    }));
    const pages = [
      ...output.matchAll(
        /daily digest page: (\d+) companies claimed, (\d+) emails in (\d+) queue batches, (\d+) given back/g,
      ),
    ].map((match) => ({
      claimed: Number(match[1]),
      emails: Number(match[2]),
      batches: Number(match[3]),
      givenBack: Number(match[4]),
    }));
    const failedPages = [...output.matchAll(/daily digest page of \d+ companies failed; retried/g)].length;
    if (tests.length === 0) throw new Error(`the digest test ran no test:\n${output.slice(-3000)}`);
    return { tests, runs, pages, failedPages, seconds: (performance.now() - start) / 1000 };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
