import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * A comment, a README or a configuration that names a file of the repository names one that
 * exists: a moved file leaves no pointer to nowhere. Decision records count too (their paths follow
 * the code); bench/RESULTS.md is a measurement of its day and keeps the names it had.
 */
const PATH =
  /(?<![\w#@/.-])((?:worker|schema|web|verifier|tests|scripts|bench|docs|migrations|public)\/[\w./-]+?\.(?:tsx|ts|md|sql|json|html|toml|css))(?![\w])/g;

describe("references to files of the repository", () => {
  it("name files that exist", () => {
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(ts|tsx|md|toml|json|html|css|js)$/.test(file))
      .filter((file) => !/^(docs\/screenshots|migrations\/meta)\//.test(file))
      .filter((file) => !["package-lock.json", "bench/RESULTS.md", "tests/unit/file-references.test.ts"].includes(file))
      .filter((file) => existsSync(file));
    const missing: string[] = [];
    for (const file of files) {
      for (const [, path] of readFileSync(file, "utf8").matchAll(PATH)) {
        if (!path!.includes("planted") && !existsSync(path!)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
