import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { applyMigrations, migrationsAround } from "./migration-files";

/**
 * Migration 0018 folds the firms' references stored before to Unicode NFKC, as new ones are folded
 * on the way in, so a batch sent again finds its codes; a reference whose folded form is already
 * another code's in the same company is left as it was (the unique index would refuse it).
 */

it("folds stored references to NFKC, unless the folded one is taken in the company", async () => {
  const db = new PGlite();
  const migration = migrationsAround("0018_");
  await applyMigrations(db, migration.before);
  await db.exec(`
    INSERT INTO users (email, password) VALUES ('a@example.com', 'x');
    INSERT INTO companies (name, email, owner_id) SELECT 'Fold Valuers', 'desk@fold.example', id FROM users;
    INSERT INTO qr_codes (public_token, company_id, issuer_name, issuer_email, valuation_date, valid_until, market_value,
      property_address, property_type, qr_code_data, external_reference)
    SELECT 'T' || lpad(n::text, 15, '0'), c.id, c.name, c.email, now(), now() + interval '90 days', 1000, 'Plot', 'Real Estate',
      'https://valuseal.test/v/T' || lpad(n::text, 15, '0'),
      (ARRAY['ＪＯＢ-１', 'JOB-2', 'ＪＯＢ-２', 'job-3'])[n]
    FROM companies c, generate_series(1, 4) n;`);
  await applyMigrations(db, migration.it);
  const { rows } = await db.query<{ external_reference: string }>(
    "SELECT external_reference FROM qr_codes ORDER BY public_token",
  );
  expect(rows.map((row) => row.external_reference)).toEqual(["JOB-1", "JOB-2", "ＪＯＢ-２", "job-3"]);
  await db.close();
});
