import { openScriptDatabase } from "./lib/database";

/** Applies migrations/ to the configured database (DATABASE_URL in production). */
const { description, close } = await openScriptDatabase();
await close();
console.log(`Migrations applied to ${description}.`);
