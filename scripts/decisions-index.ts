import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DECISIONS_DIR, decisionsIndex } from "./lib/decisions-index";

/** Rewrites docs/decisions/README.md from the records' titles, dates and Status lines. */
await writeFile(join(DECISIONS_DIR, "README.md"), await decisionsIndex("."));
console.log(`${DECISIONS_DIR}/README.md rewritten`);
