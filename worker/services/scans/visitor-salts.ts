import { sql } from "drizzle-orm";
import type { Queryable } from "#worker/db.ts";
import { toHex } from "#worker/lib/scan-visitor.ts";
import { rowsOf } from "../integration/webhooks";

/*
 * The key of the visitor hashes (decision 064): one per calendar year (UTC), 32 random bytes made
 * by the year's first scan and deleted by the hourly job once the year is over. Within a year a
 * returning phone is the same visitor (new scanners, repeats within the hour); across years it is
 * a stranger, and once its year's key is gone nobody can match a kept hash to a network again.
 */

/** This isolate's copy of each year's key: one database read per isolate and year. */
const saltsByYear = new Map<number, Promise<Uint8Array>>();

const fromHex = (hex: string) => new Uint8Array(hex.match(/../g)!.map((byte) => parseInt(byte, 16)));

/** The key of `at`'s year, made by whichever isolate asks first (the others read that one). */
export function visitorSaltOf(db: Queryable, at: Date): Promise<Uint8Array> {
  const year = at.getUTCFullYear();
  let salt = saltsByYear.get(year);
  if (!salt) {
    salt = readOrMakeSalt(db, year);
    // A failed read is not kept: the next scan asks again.
    salt.catch(() => saltsByYear.delete(year));
    saltsByYear.set(year, salt);
  }
  return salt;
}

async function readOrMakeSalt(db: Queryable, year: number): Promise<Uint8Array> {
  const made = toHex(crypto.getRandomValues(new Uint8Array(32)).buffer);
  // One statement: the row this isolate made, or the one another made first.
  const result = await db.execute(sql`
    WITH made AS (
      INSERT INTO visitor_salts (year, salt) VALUES (${year}, ${made}) ON CONFLICT (year) DO NOTHING RETURNING salt
    )
    SELECT salt FROM made UNION ALL SELECT salt FROM visitor_salts WHERE year = ${year} LIMIT 1`);
  return fromHex(rowsOf<{ salt: string }>(result)[0]!.salt);
}

/** The hourly job: every key of a year before `now`'s is deleted. Answers how many went. */
export async function forgetPastVisitorSalts(db: Queryable, now: Date): Promise<number> {
  const result = await db.execute(sql`DELETE FROM visitor_salts WHERE year < ${now.getUTCFullYear()} RETURNING year`);
  for (const year of saltsByYear.keys()) if (year < now.getUTCFullYear()) saltsByYear.delete(year);
  return rowsOf(result).length;
}
