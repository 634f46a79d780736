import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, slowest first (measured in full runs of `npm test`). They start
 * first, so that no worker is left running one of them alone at the end while the other idles.
 *
 * Vitest already runs the slowest files first once it has timed a run, but a fresh clone (CI) has
 * no timings and falls back to the largest files first: every-screen.test.ts, a short file that
 * walks every screen for 80 s, then started last and ran alone for most of its time. A file
 * missing here only costs time; keep the list to the files above ~25 s.
 */
const SLOWEST_FIRST = [
  "tests/e2e/every-screen.test.ts",
  "tests/e2e/qr-codes.test.ts",
  "tests/e2e/sealed-reports.test.ts",
  "tests/e2e/offline-verifier.test.ts",
  "tests/e2e/dev-server.test.ts",
  "tests/e2e/certificate-trust.test.ts",
  "tests/e2e/check-copy.test.ts",
  "tests/e2e/second-factor.test.ts",
  "tests/e2e/certificate.test.ts",
  "tests/e2e/valuers.test.ts",
  "tests/e2e/team.test.ts",
  "tests/e2e/webhooks.test.ts",
  "tests/e2e/admin-access.test.ts",
  "tests/e2e/first-run.test.ts",
  "tests/e2e/focus-and-place.test.ts",
  // The slowest API files (timed in a full run of the API suite), many of which wait for a
  // rate-limit window or a retry's backoff: their waits then overlap the other files' work instead
  // of ending the run alone.
  "tests/api/digest-batches.test.ts",
  "tests/api/webhooks.test.ts",
  "tests/api/hostile-input.test.ts",
  "tests/api/team.test.ts",
  "tests/api/exports.test.ts",
  "tests/api/lender-watches.test.ts",
  "tests/api/authorization-matrix.test.ts",
  "tests/api/integration-api.test.ts",
  "tests/api/rate-limits.test.ts",
  "tests/api/email-confirmation.test.ts",
  "tests/api/scan-alert-digests.test.ts",
  "tests/migrations/transparency-log.test.ts",
  "tests/bridge/db-bridge.test.ts",
];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = files.every((file) => this.ctx.cache.getFileTestResults(keyOf(file)) !== undefined);
    if (timed) return sorted;
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    // Projects keep the base sequencer's order; Array.prototype.sort is stable, so the files not
    // listed keep it too.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const group = (file: TestSpecification) => projects.indexOf(file.project.name);
    return sorted.sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

function keyOf(file: TestSpecification): string {
  return `${file.project.name}:${file.moduleId.slice(file.project.config.root.length + 1)}`;
}
