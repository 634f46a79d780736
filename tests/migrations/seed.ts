import type { PGlite } from "@electric-sql/pglite";

/**
 * An owner, their company and one code with the public token `token`, in the columns the tables
 * have had since the scan history's partitions (migration 0022).
 */
export async function insertCompanyWithCode(db: PGlite, token: string) {
  await db.exec(`
    INSERT INTO users (email, password) VALUES ('owner@valuers.example', 'x');
    INSERT INTO companies (name, email, owner_id) SELECT 'Test Valuers', 'desk@valuers.example', id FROM users;
    INSERT INTO qr_codes (public_token, company_id, issuer_name, issuer_email, valuation_date, valid_until, market_value,
      property_address, property_type, qr_code_data)
    SELECT '${token}', c.id, c.name, c.email, now(), now() + interval '90 days', 1000, 'Plot', 'Real Estate',
      'https://valuseal.test/v/${token}' FROM companies c;`);
}
