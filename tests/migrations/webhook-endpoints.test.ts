import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { applyMigrations, migrationsAround } from "./migration-files";

/**
 * Migration 0018 on a database as it stood before it: the single scan webhook of the first release
 * becomes the company's first endpoint, subscribed to scans, with the secret as it was stored (so
 * the receiver's secret still verifies) and that release's body and headers kept; a company without
 * a webhook gets no endpoint. (The old columns stay for one release, for a Worker still running
 * the previous one during the deploy.)
 */

it("moves each company's webhook to an endpoint subscribed to scans, keeping its secret and first-release format", async () => {
  const db = new PGlite();
  const migration = migrationsAround("0018_");
  expect(migration.before.length).toBeGreaterThan(0);
  await applyMigrations(db, migration.before);
  await db.exec(`
    INSERT INTO users (email, password) VALUES ('a@example.com', 'x'), ('b@example.com', 'x');
    INSERT INTO companies (name, email, owner_id, webhook_url, webhook_secret, webhook_last_delivery_outcome)
      SELECT 'Hooked Valuers', 'desk@hooked.example', id, 'https://hooks.hooked.example/scans', 'enc:v1:iv:ciphertext', 'delivered'
      FROM users WHERE email = 'a@example.com';
    INSERT INTO companies (name, email, owner_id) SELECT 'Quiet Valuers', 'desk@quiet.example', id FROM users WHERE email = 'b@example.com';`);
  await applyMigrations(db, migration.it);

  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT c.name, e.public_id, e.url, e.secret, e.event_types, e.first_release_format, e.disabled_at, e.description
     FROM webhook_endpoints e JOIN companies c ON c.id = e.company_id`,
  );
  expect(rows).toEqual([
    {
      name: "Hooked Valuers",
      public_id: expect.stringMatching(/^ep_[0-9a-f]{32}$/),
      url: "https://hooks.hooked.example/scans",
      secret: "enc:v1:iv:ciphertext",
      event_types: ["code.scanned"],
      first_release_format: true,
      disabled_at: null,
      description: "",
    },
  ]);
  await db.close();
});
