import { describe, expect, it } from "vitest";
import { checkDeploy, codeBindings, parseDryRun } from "#scripts/lib/deploy-check.ts";

/** What wrangler 4 prints for `deploy --dry-run`, cut to the lines the check reads. */
const dryRunOutput = (gzipKiB: number, bindings: string[]) =>
  [
    "Total Upload: 7300.49 KiB / gzip: " + gzipKiB.toFixed(2) + " KiB",
    "Your Worker has access to the following bindings:",
    "Binding                                     Resource",
    ...bindings.map((name) => `env.${name} (${name.toLowerCase()})                 Queue`),
    "--dry-run: exiting now.",
  ].join("\n");

const BINDINGS_SOURCE = `
export interface Bindings {
  ASSETS: Fetcher;
  EMAILS: Queue<EmailMessage>;
  /** A comment. */
  CODE_SCANS: DurableObjectNamespace<CodeScansApi>;
  DATABASE_URL?: string;
  SENTRY_DSN?: string;
}`;

const GUIDE =
  "| `DATABASE_URL` | production | … |\n| `SENTRY_DSN` | recommended | … |\n| `SCAN_RETENTION_MONTHS` | no | … |";

describe("the deploy check", () => {
  it("reads the upload's size and the bindings from wrangler's dry run", () => {
    expect(parseDryRun(dryRunOutput(2167.18, ["ASSETS", "EMAILS"]))).toEqual({
      uploadBytes: 7300.49 * 1024,
      gzipBytes: 2167.18 * 1024,
      bindings: ["ASSETS", "EMAILS"],
    });
    expect(() => parseDryRun("✘ [ERROR] Could not resolve")).toThrow(/did not report the upload's size/);
  });

  it("reads the platform's bindings and the settings the code uses", () => {
    expect(codeBindings(BINDINGS_SOURCE, ["DATABASE_URL", "SCAN_RETENTION_MONTHS"])).toEqual({
      platform: ["ASSETS", "EMAILS", "CODE_SCANS"],
      settings: ["DATABASE_URL", "SENTRY_DSN", "SCAN_RETENTION_MONTHS"],
    });
  });

  it("passes a build that fits with every binding given and every setting documented, reporting both plans", () => {
    const code = codeBindings(BINDINGS_SOURCE, ["SCAN_RETENTION_MONTHS"]);
    const { problems, report } = checkDeploy(
      parseDryRun(dryRunOutput(2167.18, ["ASSETS", "EMAILS", "CODE_SCANS"])),
      code,
      GUIDE,
    );
    expect(problems).toEqual([]);
    expect(report[0]).toBe(
      "Worker upload: 7300 KiB, 2167 KiB gzipped: 21 % of Workers Paid's 10 MiB, 71 % of the free plan's 3 MiB.",
    );
  });

  it("fails a build over the paid plan's limit, a binding missing from wrangler.toml, and a setting nobody documented", () => {
    const code = codeBindings(BINDINGS_SOURCE, ["SCAN_RETENTION_MONTHS", "NEW_SETTING"]);
    const { problems } = checkDeploy(parseDryRun(dryRunOutput(10 * 1024 + 1, ["ASSETS", "EMAILS"])), code, GUIDE);
    expect(problems).toEqual([
      "The Worker's upload is 10241 KiB gzipped, over Cloudflare's 10240 KiB limit: it would not deploy",
      "CODE_SCANS is used by the code (worker/bindings.ts) but wrangler.toml gives no such binding",
      "NEW_SETTING is read by the code but neither in wrangler.toml's [vars] nor in docs/operations.md's settings",
    ]);
  });
});
