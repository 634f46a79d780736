import { defineConfig } from "drizzle-kit";

// `casing` must match worker/db.ts and scripts/lib/database.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./schema/tables.ts",
  out: "./migrations",
  casing: "snake_case",
});
