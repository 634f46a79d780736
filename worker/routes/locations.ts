import { and, asc, desc, eq, ilike, sql } from "drizzle-orm";
import { createRoute } from "@hono/zod-openapi";
import { locationSuggestionsAnswer } from "#schema/responses/index.ts";
import { LOCATION_SUGGESTIONS_LIMIT } from "#schema/limits/codes.ts";
import { places, qrCodes } from "#schema/tables.ts";
import { locationSearchSchema } from "#schema/validation/locations.ts";
import type { Database } from "../db";
import { currentCompanyId } from "../request/company";
import { searchGeocoder } from "../lib/geocoder";
import { containsPattern, prefixPattern } from "../lib/like-patterns";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { documentedRoutes, jsonAnswer } from "./contract";

/** Addresses this company has valued before, most recently used first. */
function companyAddresses(db: Database, companyId: number, query: string) {
  return db
    .select({ name: qrCodes.propertyAddress })
    .from(qrCodes)
    .where(and(eq(qrCodes.companyId, companyId), ilike(qrCodes.propertyAddress, containsPattern(query))))
    .groupBy(qrCodes.propertyAddress)
    .orderBy(desc(sql`max(${qrCodes.createdAt})`))
    .limit(LOCATION_SUGGESTIONS_LIMIT);
}

/**
 * Gazetteer places whose name starts with the query (the lower(name) pattern index), biggest first;
 * a neighbourhood ranks with its city, so the shorter name (the city itself) goes first.
 */
function gazetteerPlaces(db: Database, query: string) {
  return db
    .select({ name: places.name })
    .from(places)
    .where(sql`lower(${places.name}) like ${prefixPattern(query)}`)
    .groupBy(places.name)
    .orderBy(desc(sql`max(${places.population})`), asc(sql`length(${places.name})`), asc(places.name))
    .limit(LOCATION_SUGGESTIONS_LIMIT);
}

/** First occurrence wins, case-insensitively, so the sources' order is the ranking. */
function mergeSuggestions(...sources: string[][]): { name: string }[] {
  const seen = new Set<string>();
  const merged: { name: string }[] = [];
  for (const name of sources.flat()) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    merged.push({ name: name.trim() });
    if (merged.length === LOCATION_SUGGESTIONS_LIMIT) break;
  }
  return merged;
}

const searchLocations = createRoute({
  method: "get",
  path: "/search",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { query: locationSearchSchema },
  responses: { 200: jsonAnswer(locationSuggestionsAnswer, "Suggestions, best first") },
});

/**
 * Property Location suggestions (/api/locations/search): the company's own earlier addresses, then, when a
 * geocoder is configured, its street-level answers (more precise than town names), then towns and
 * neighbourhoods from the gazetteer. All sources are asked at once.
 */
export const locationRoutes = documentedRoutes().openapi(searchLocations, async (c) => {
  const { q } = c.req.valid("query");
  if (!q) return c.json({ suggestions: [] }, 200);
  const geocoderUrl = c.var.config.LOCATION_SEARCH_URL;
  const [own, gazetteer, geocoded] = await Promise.all([
    companyAddresses(c.var.db, currentCompanyId(c), q),
    gazetteerPlaces(c.var.db, q),
    geocoderUrl ? searchGeocoder(geocoderUrl, q, LOCATION_SUGGESTIONS_LIMIT) : Promise.resolve([]),
  ]);
  const names = (rows: { name: string }[]) => rows.map((row) => row.name);
  return c.json({ suggestions: mergeSuggestions(names(own), geocoded, names(gazetteer)) }, 200);
});
