import { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATION_FILES } from "./migration-files";

/**
 * Migrations 0011 and 0012 on a database as it stood before them, holding codes of a verified firm,
 * an unverified one, a verified firm that renamed itself and awaits re-review, a firm that renamed
 * itself to a famous name and back before being verified, and a deactivated one: every code gets
 * its frozen record, every verification its identity, and only the codes of the identity that was
 * verified read "Verified Authentic" afterwards (the rule of worker/lib/issuer-trust.ts, run here as
 * the same SQL the Worker runs).
 */

let db: PGlite;
const ids: Record<string, number> = {};

async function insertFirm(key: string, firm: { name: string; email: string; status: string; extra?: string }) {
  const owner = await db.query<{ id: number }>(`INSERT INTO users (email, password) VALUES ($1, 'x') RETURNING id`, [
    `owner-${key}@example.com`,
  ]);
  const company = await db.query<{ id: number }>(
    `INSERT INTO companies (name, email, owner_id, verification_status, verified_at, registration_body, registration_number, created_at)
     VALUES ($1, $2, $3, $4::varchar, CASE WHEN $4::varchar = 'verified' THEN now() - interval '10 days' END,
             'RICS', 'R-${key}', now() - interval '60 days') RETURNING id`,
    [firm.name, firm.email, owner.rows[0]!.id, firm.status],
  );
  ids[key] = company.rows[0]!.id;
  const valuer = await db.query<{ id: number }>(
    `INSERT INTO valuers (company_id, name, qualification, registration_number, phone)
     VALUES ($1, 'Jane Wanjiku', 'MRICS', 'VRB/7', '+254700000003') RETURNING id`,
    [ids[key]],
  );
  ids[`${key}-valuer`] = valuer.rows[0]!.id;
}

async function insertCode(key: string, firm: string, issuerName: string, issuedDaysAgo: number) {
  const code = await db.query<{ id: number }>(
    `INSERT INTO qr_codes (public_token, company_id, valuer_id, issuer_name, issuer_email, valuation_date, valid_until,
       market_value, property_address, property_type, qr_code_data, created_at)
     SELECT $1::varchar, c.id, $3::int, $4::varchar, c.email, now() - interval '20 days', now() + interval '70 days', 1000, 'Plot 1', 'Real Estate',
       'https://valuseal.test/v/' || $1::varchar, now() - make_interval(days => $5::int)
     FROM companies c WHERE c.id = $2::int RETURNING id`,
    [`Tok${key.padEnd(13, "x")}`.slice(0, 16), ids[firm], ids[`${firm}-valuer`], issuerName, issuedDaysAgo],
  );
  ids[key] = code.rows[0]!.id;
}

/** The trust of each code by the Worker's own expression. */
async function trustOf(codeKey: string): Promise<string> {
  const { issuerTrustExpression } = await import("#worker/lib/issuer-trust.ts");
  const result = await db.query<{ trust: string }>(
    `SELECT ${issuerTrustExpression("code", "company.suspended_at")} AS trust
     FROM qr_codes code JOIN companies company ON company.id = code.company_id WHERE code.id = $1`,
    [ids[codeKey]],
  );
  return result.rows[0]!.trust;
}

beforeAll(async () => {
  db = new PGlite();
  const before = MIGRATION_FILES.filter((file) => file < "0011");
  await applyMigrations(db, before);

  await insertFirm("verified", { name: "Verified Valuers", email: "office@verified.example", status: "verified" });
  await insertCode("verified-code", "verified", "Verified Valuers", 5);

  await insertFirm("unverified", { name: "New Valuers", email: "office@new.example", status: "pending" });
  await insertCode("unverified-code", "unverified", "New Valuers", 5);

  // Verified as "Old Name", renamed 3 days ago, awaiting re-review.
  await insertFirm("renamed", { name: "New Name Valuers", email: "office@renamed.example", status: "pending" });
  await db.query(
    `UPDATE companies SET verified_at = now() - interval '30 days', verified_codes_before = now() - interval '3 days' WHERE id = $1`,
    [ids.renamed],
  );
  await insertCode("renamed-before", "renamed", "Old Name Valuers", 10);
  await insertCode("renamed-after", "renamed", "New Name Valuers", 1);

  // Issued under a famous name while pending, then verified under its own.
  await insertFirm("impostor", { name: "Honest Valuers", email: "office@honest.example", status: "verified" });
  await insertCode("impostor-famous", "impostor", "Knight Frank Kenya Ltd", 20);
  await insertCode("impostor-own", "impostor", "Honest Valuers", 2);

  await insertFirm("deactivated", { name: "Closed Valuers", email: "office@closed.example", status: "verified" });
  await insertCode("deactivated-code", "deactivated", "Closed Valuers", 5);
  await db.query(`UPDATE companies SET is_active = false, updated_at = now() - interval '2 days' WHERE id = $1`, [
    ids.deactivated,
  ]);
  await db.query(
    `INSERT INTO audit_log (action, target_type, target_id, created_at) VALUES ('company.deactivated', 'company', $1, '2025-06-01T09:00:00Z')`,
    [ids.deactivated],
  );

  await applyMigrations(
    db,
    MIGRATION_FILES.filter((file) => file >= "0011"),
  );
}, 120_000);

describe("migrations 0011 and 0012: frozen certificates and verified identities", () => {
  it("freezes the signing valuer and the issuer's registration and phone on every existing code", async () => {
    const { rows } = await db.query<Record<string, string | null>>(
      `SELECT valuer_name, valuer_qualification, valuer_registration_number, valuer_phone,
              issuer_registration_body, issuer_registration_number FROM qr_codes WHERE id = $1`,
      [ids["verified-code"]],
    );
    expect(rows[0]).toEqual({
      valuer_name: "Jane Wanjiku",
      valuer_qualification: "MRICS",
      valuer_registration_number: "VRB/7",
      valuer_phone: "+254700000003",
      issuer_registration_body: "RICS",
      issuer_registration_number: "R-verified",
    });
  });

  it("records the identity each verified firm was verified under", async () => {
    const { rows } = await db.query<{ company_id: number; legal_name: string; ended: boolean }>(
      `SELECT company_id, legal_name, ended_at IS NOT NULL AS ended FROM issuer_verifications ORDER BY company_id`,
    );
    expect(rows).toEqual([
      { company_id: ids.verified, legal_name: "Verified Valuers", ended: false },
      // The renamed firm's verification ended at the rename, under the name its codes carried.
      { company_id: ids.renamed, legal_name: "Old Name Valuers", ended: true },
      { company_id: ids.impostor, legal_name: "Honest Valuers", ended: false },
      { company_id: ids.deactivated, legal_name: "Closed Valuers", ended: false },
    ]);
  });

  it("keeps green only the codes issued under the identity that was verified", async () => {
    expect(await trustOf("verified-code")).toBe("verified");
    expect(await trustOf("unverified-code")).toBe("not-verified");
    expect(await trustOf("renamed-before")).toBe("verified");
    expect(await trustOf("renamed-after")).toBe("other-identity");
    expect(await trustOf("impostor-famous")).toBe("other-identity");
    expect(await trustOf("impostor-own")).toBe("verified");
  });

  it("dates a deactivated firm's suspension from its latest deactivation in the audit log", async () => {
    const { rows } = await db.query<{ suspended_at: Date | null }>(`SELECT suspended_at FROM companies WHERE id = $1`, [
      ids.deactivated,
    ]);
    expect(rows[0]!.suspended_at?.toISOString()).toBe("2025-06-01T09:00:00.000Z");
    expect(await trustOf("deactivated-code")).toBe("suspended");
    const active = await db.query(`SELECT 1 FROM companies WHERE suspended_at IS NOT NULL AND is_active`);
    expect(active.rows).toEqual([]);
  });
});
