import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { MIGRATIONS_FOLDER } from "./embedded-postgres";

interface JournalEntry {
  when: number;
  tag: string;
}

/**
 * The migrations in migrations/ that the database at `url` has not applied, oldest first: drizzle
 * records each applied one in drizzle.__drizzle_migrations with its journal time, and applies those
 * newer than the newest recorded.
 */
export async function pendingMigrations(url: string): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query<{ exists: boolean }>(
      "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists",
    );
    let newest = 0;
    if (table.rows[0]!.exists) {
      const result = await client.query<{ newest: string | null }>(
        "SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations",
      );
      newest = Number(result.rows[0]!.newest ?? 0);
    }
    return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
  } finally {
    await client.end();
  }
}
