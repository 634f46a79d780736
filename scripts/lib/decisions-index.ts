import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Where the decision records live, from the repository's root. */
export const DECISIONS_DIR = "docs/decisions";

/** A record's state in a word or two: what its Status line says before its first qualification. */
function stateOf(status: string): string {
  return status.split(/ \(|; | — /)[0]!.trim();
}

/**
 * docs/decisions/README.md as it must read: one row per record, in order, with its date and the
 * state its Status line gives (the record itself says what superseded or amended it). The unit
 * suite compares the file with this, so a new or re-stated record that the index misses fails it.
 */
export async function decisionsIndex(root: string): Promise<string> {
  const files = (await readdir(join(root, DECISIONS_DIR))).filter((name) => /^\d{3}-.+\.md$/.test(name)).sort();
  const rows = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(root, DECISIONS_DIR, file), "utf8");
      const title = /^# (.+)$/m.exec(text)?.[1] ?? file;
      const date = /^Date: (.+)$/m.exec(text)?.[1]?.trim() ?? "";
      const status = /^Status: (.+)$/m.exec(text)?.[1] ?? "";
      return `| [${title.replace(/\|/g, "\\|")}](${file}) | ${date} | ${stateOf(status)} |`;
    }),
  );
  return [
    "# Decision records",
    "",
    "Why the code is as it is, where someone might otherwise undo it. Each record has a Date and a",
    "Status line; a record that a later one replaces in whole or in part says so in its Status, and",
    "keeps its text. Add a record with the next number, then run `npm run decisions:index` to",
    "rewrite this table (the unit suite fails while it is out of date).",
    "",
    "| Decision | Date | Status |",
    "| --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
