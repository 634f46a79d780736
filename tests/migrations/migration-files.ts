import type { PGlite } from "@electric-sql/pglite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_FOLDER } from "#scripts/lib/embedded-postgres.ts";

/** Every migration file, in the order they apply. */
export const MIGRATION_FILES = readdirSync(MIGRATIONS_FOLDER)
  .filter((file) => file.endsWith(".sql"))
  .sort();

/** The migrations before the one whose file name starts with `prefix` ("0018_"), and that one. */
export function migrationsAround(prefix: string): { before: string[]; it: string[] } {
  const at = MIGRATION_FILES.findIndex((file) => file.startsWith(prefix));
  if (at === -1) throw new Error(`No migration starts with ${prefix}`);
  return { before: MIGRATION_FILES.slice(0, at), it: MIGRATION_FILES.slice(at, at + 1) };
}

/** Applies migration files to an in-memory database, statement by statement, as drizzle does. */
export async function applyMigrations(db: PGlite, files: string[] = MIGRATION_FILES) {
  for (const file of files) {
    for (const statement of readFileSync(join(MIGRATIONS_FOLDER, file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}
