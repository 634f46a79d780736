import { readFileSync } from "node:fs";
import { CONFIG_SETTING_NAMES } from "#worker/config.ts";

/*
 * What `wrangler deploy --dry-run` says about a build, checked before anything deploys
 * (scripts/check-deploy.ts, run by `npm test` and `npm run deploy`): the upload's size against
 * Cloudflare's limits, and every binding the code uses present in the configuration.
 */

const MIB = 1024 * 1024;
/** Cloudflare's limit on a Worker's gzipped upload on Workers Paid, which ValuSeal needs (docs/operations.md). */
export const PAID_PLAN_LIMIT_BYTES = 10 * MIB;
/** The free plan's limit, reported for scale. */
export const FREE_PLAN_LIMIT_BYTES = 3 * MIB;

export interface DryRun {
  uploadBytes: number;
  gzipBytes: number;
  /** The bindings wrangler will give the Worker: env.NAME. */
  bindings: string[];
}

/** Reads wrangler's dry-run output ("Total Upload: 7300.49 KiB / gzip: 2167.18 KiB", "env.NAME (…)" lines). */
export function parseDryRun(output: string): DryRun {
  const total = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (!total) throw new Error(`wrangler's dry run did not report the upload's size:\n${output}`);
  const bindings = [...output.matchAll(/^env\.([A-Z0-9_]+)\b/gm)].map((match) => match[1]!);
  return { uploadBytes: Number(total[1]) * 1024, gzipBytes: Number(total[2]) * 1024, bindings };
}

export interface CodeBindings {
  /** Given by the platform (queues, objects, buckets, rate limits, assets): must be in wrangler.toml. */
  platform: string[];
  /** Text settings and secrets: each set with `wrangler secret put` or [vars], documented in docs/operations.md. */
  settings: string[];
}

/**
 * The names the Worker's Bindings interface (worker/bindings.ts) declares, and the settings its
 * configuration reads (worker/config.ts, some of which the interface leaves to the configuration).
 */
export function codeBindings(source: string, configSettings: readonly string[] = []): CodeBindings {
  const body = /export interface Bindings \{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!body) throw new Error("worker/bindings.ts declares no Bindings interface");
  const platform: string[] = [];
  const settings: string[] = [];
  for (const [, name, optional, type] of body.matchAll(/^\s+([A-Z][A-Z0-9_]*)(\?)?:\s*([^;]+);/gm)) {
    if (optional && type!.trim() === "string") settings.push(name!);
    else platform.push(name!);
  }
  return { platform, settings: [...new Set([...settings, ...configSettings])] };
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
const percentOf = (bytes: number, limit: number) => `${Math.round((bytes / limit) * 100)} %`;

/** What is wrong with a build about to deploy (empty when nothing is), and the report's lines. */
export function checkDeploy(dryRun: DryRun, code: CodeBindings, operationsGuide: string) {
  const problems: string[] = [];
  if (dryRun.gzipBytes > PAID_PLAN_LIMIT_BYTES) {
    problems.push(
      `The Worker's upload is ${kib(dryRun.gzipBytes)} gzipped, over Cloudflare's ${kib(PAID_PLAN_LIMIT_BYTES)} limit: it would not deploy`,
    );
  }
  const configured = new Set(dryRun.bindings);
  for (const name of code.platform) {
    if (!configured.has(name)) {
      problems.push(`${name} is used by the code (worker/bindings.ts) but wrangler.toml gives no such binding`);
    }
  }
  for (const name of code.settings) {
    if (!configured.has(name) && !operationsGuide.includes(`\`${name}\``)) {
      problems.push(
        `${name} is read by the code but neither in wrangler.toml's [vars] nor in docs/operations.md's settings`,
      );
    }
  }
  const report = [
    `Worker upload: ${kib(dryRun.uploadBytes)}, ${kib(dryRun.gzipBytes)} gzipped: ` +
      `${percentOf(dryRun.gzipBytes, PAID_PLAN_LIMIT_BYTES)} of Workers Paid's 10 MiB, ` +
      `${percentOf(dryRun.gzipBytes, FREE_PLAN_LIMIT_BYTES)} of the free plan's 3 MiB.`,
    `Bindings checked: ${code.platform.length} the code uses, and ${code.settings.length} settings it reads.`,
  ];
  return { problems, report };
}

/** The repository's own files the check reads. */
export function readCheckInputs() {
  return {
    code: codeBindings(readFileSync("worker/bindings.ts", "utf8"), CONFIG_SETTING_NAMES),
    operationsGuide: readFileSync("docs/operations.md", "utf8"),
  };
}
