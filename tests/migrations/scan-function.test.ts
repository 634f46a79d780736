import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { LOG_SCAN_FUNCTION_BODY } from "../../worker/lib/certificate-sql";
import { applyMigrations } from "./migration-files";

it("installs the scan function exactly as the Worker's code defines it (else: npm run db:scan-function)", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  const { rows } = await db.query<{ body: string }>("SELECT prosrc AS body FROM pg_proc WHERE proname = 'log_scan'");
  expect(rows).toHaveLength(1);
  expect(rows[0]!.body).toBe(LOG_SCAN_FUNCTION_BODY);
  await db.close();
});
