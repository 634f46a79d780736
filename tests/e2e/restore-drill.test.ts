import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { RECORD_TYPES, type KeyHistory } from "#schema/signed-records.ts";
import { recordsInFile } from "#schema/signed-record-file.ts";
import { startDbBridge } from "#scripts/lib/db-bridge.ts";
import { freePort } from "#scripts/lib/free-port.ts";
import { POSTGRES_BIN } from "#scripts/lib/postgres-server.ts";
import { newSigningKey } from "#scripts/lib/signing-keys.ts";
import { BUILD_DIR } from "#scripts/lib/current-build.ts";
import { verifyLogEntries } from "#verifier/log.ts";
import { chainProblem } from "#verifier/chain.ts";
import { verifyRecord } from "#verifier/records.ts";
import type { CertificateRecord } from "#schema/signed-records.ts";
import { serveBuiltApp } from "../support/built-app";
import { E2E_JWT_SECRET, E2E_WEBHOOK_SECRET_KEY } from "../support/e2e-global-setup";
import { testDatabaseKind } from "../support/test-database";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { scanLikePhone } from "./fixtures/certificates";
import { createCodeViaApi, createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";

/*
 * The monthly restore drill (docs/operations.md, Backups), run by every `npm test`: the database is
 * filled through the API, backed up with `npm run db:backup`, restored with `npm run db:restore`
 * into an empty database, and the app started on the copy must serve the same evidence. In its own
 * project (vitest.config.ts, ISOLATED_FILES) so nothing else writes while it counts rows.
 */

const run = promisify(execFile);
const workDir = mkdtempSync(join(tmpdir(), "valuseal-drill-"));
const sourceUrl = inject("databaseUrl");
const bridge = await startDbBridge();
afterAll(async () => {
  await bridge.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** The operator scripts, as `npm run` runs them, with Debian's PostgreSQL tools of the test server's version. */
const npmScript = (script: string, ...args: string[]) =>
  run(process.execPath, [resolve("node_modules/tsx/dist/cli.mjs"), resolve(script), ...args], {
    env: { ...process.env, PG_BIN: POSTGRES_BIN },
  });

/** The built app served on another database, as a deployment pointed at it would be. */
async function serveOn(databaseUrl: string) {
  const port = await freePort();
  const envFile = join(workDir, `app-${port}.env`);
  writeFileSync(
    envFile,
    [
      `DATABASE_URL=${databaseUrl}`,
      `DB_WS_PROXY=${bridge.wsProxy}`,
      `DB_HTTP_ENDPOINT=${bridge.httpEndpoint}`,
      `JWT_SECRET=${E2E_JWT_SECRET}`,
      "APP_ENV=development",
      "PASSWORD_HASHING=fast",
      "DB_CONNECT_TIMEOUT_MS=30000",
      `WEBHOOK_SECRET_KEY=${E2E_WEBHOOK_SECRET_KEY}`,
      `SIGNING_KEY='${newSigningKey()}'`,
      `PUBLIC_ORIGIN=http://127.0.0.1:${port}`,
    ].join("\n"),
  );
  const server = await serveBuiltApp({ buildDir: BUILD_DIR, envFile, port });
  const url = `http://127.0.0.1:${port}`;
  const get = async <T>(path: string, token?: string): Promise<T> => {
    const res = await fetch(`${url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    expect(res.status, `${path}: ${res.status}`).toBe(200);
    return (await res.json()) as T;
  };
  return { ...server, url, get };
}

/** A statement on a database of the test server. */
async function query<Row>(url: string, statement: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Every table's row count, by schema-qualified name. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM ${name}`))[0]!.n;
  }
  return counts;
}

/** A firm's card purchase, paid on the Stripe emulator's checkout and confirmed by its signed event. */
async function paidCardPurchase(token: string) {
  await apiCall("/api/billing/details", {
    token,
    method: "PUT",
    body: {
      legalName: "Drill Valuers Limited",
      postalAddress: "PO Box 1-00100, Nairobi",
      kraPin: "P051234567X",
      currency: "KES",
    },
  });
  const started = await apiCall<{ purchase: { id: string }; checkoutUrl: string }>("/api/billing/purchases", {
    token,
    body: { credits: 10 },
  });
  const paid = await fetch(started.checkoutUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "owner@example.com", card: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  await expect
    .poll(async () => (await apiCall(`/api/billing/purchases/${started.purchase.id}`, { token })).status, {
      timeout: 30_000,
    })
    .toBe("paid");
}

/** Firms, codes, seals, scans, a lender's reliance and letter, and a purchase, all through the API. */
async function fillThroughTheApi() {
  const { owner, valuer, code, replacement } = await createOwnerWithCodesViaApi();
  // Addressed to another bank: a lender relying on it asks the firm for a reliance letter.
  const addressed = await createCodeViaApi(owner.token, valuer.id, {
    addressee: "KCB Bank Kenya Limited",
    propertyReference: "VAL-DRILL-3",
  });
  await apiCall(`/api/qr-codes/${code.id}/seals`, {
    token: owner.token,
    body: { sha256: "a".repeat(64), pageFingerprints: ["b".repeat(64), "c".repeat(64)] },
  });
  for (let scan = 0; scan < 3; scan += 1) await scanLikePhone(code.qrCodeData);
  await scanLikePhone(replacement.qrCodeData);
  const lender = await registerOwnerViaApi({ organisationKind: "lender", lenderType: "bank" });
  await verifyCompanyViaAdmin(lender.user.company.id);
  await apiCall("/api/reliances", {
    token: lender.token,
    body: {
      code: code.publicToken,
      reference: "LN-DRILL-1",
      amount: "25000000.00",
      reliedOn: new Date().toISOString().slice(0, 10),
    },
  });
  await apiCall("/api/reliances/letters", { token: lender.token, body: { code: addressed.publicToken } });
  await paidCardPurchase(owner.token);
  return { owner };
}

/** Counts taken until two in a row agree: the queues' consumers may still be finishing the fill's work. */
async function settledRowCounts(url: string) {
  let previous = await rowCounts(url);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const next = await rowCounts(url);
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
}

describe.runIf(testDatabaseKind() === "postgres")("restore drill", () => {
  it("restores a backup into an empty database where every record, the log and every ledger still verify", async () => {
    const { owner } = await fillThroughTheApi();

    // The hourly jobs sign a checkpoint of the log, as production's cron does.
    const source = await serveOn(sourceUrl);
    try {
      await source.runScheduled("0 * * * *");
    } finally {
      await source.stop();
    }
    const before = await settledRowCounts(sourceUrl);
    expect(before["public.transparency_checkpoints"]).toBeGreaterThan(0);

    const backup = join(workDir, "drill.dump");
    const backedUp = await npmScript("scripts/db-backup.ts", "--url", sourceUrl, "--file", backup);
    expect(backedUp.stdout).toMatch(/Backup of .* written to .*drill\.dump \([\d.]+ MiB\) and read back\./);
    expect(await rowCounts(sourceUrl)).toEqual(before);

    const targetName = `valuseal_drill_${Date.now().toString(36)}`;
    await query(sourceUrl, `CREATE DATABASE ${targetName}`);
    const target = new URL(sourceUrl);
    target.pathname = `/${targetName}`;
    const targetUrl = target.toString();
    try {
      // A restore never lands on a database that has tables: the source is refused.
      await expect(npmScript("scripts/db-restore.ts", "--url", sourceUrl, "--file", backup)).rejects.toMatchObject({
        stderr: expect.stringMatching(/Not restoring: .* already has \d+ tables/),
      });
      const restored = await npmScript("scripts/db-restore.ts", "--url", targetUrl, "--file", backup);
      expect(restored.stdout).toContain(`Restored ${backup}`);
      expect(await rowCounts(targetUrl)).toEqual(before);

      // Every firm's ledger sums to its balance.
      const ledgers = await query<{ company_id: number; balance: number; summed: number }>(
        targetUrl,
        `SELECT b.company_id, b.balance, coalesce(sum(e.credits), 0)::int AS summed
         FROM credit_balances b LEFT JOIN credit_entries e ON e.company_id = b.company_id GROUP BY 1, 2`,
      );
      expect(ledgers.length).toBeGreaterThan(0);
      for (const ledger of ledgers) expect(ledger.summed, `company ${ledger.company_id}`).toBe(ledger.balance);

      const app = await serveOn(targetUrl);
      try {
        const keys = await app.get<KeyHistory>("/.well-known/jwks.json");
        // Every certificate's signed history verifies: each signature, and the chain from the first.
        const tokens = await query<{ public_token: string }>(targetUrl, "SELECT public_token FROM qr_codes");
        expect(tokens.length).toBeGreaterThanOrEqual(2);
        for (const { public_token: token } of tokens) {
          const file = recordsInFile(JSON.stringify(await app.get(`/api/public/certificates/${token}/record`)))!;
          const checked = [];
          for (const text of file.records) {
            const check = await verifyRecord<CertificateRecord>(text, keys, RECORD_TYPES.certificate);
            expect(check.ok, `${token}: ${check.ok ? "" : check.problem}`).toBe(true);
            if (check.ok) checked.push({ text, payload: check.payload });
          }
          expect(await chainProblem(checked), token).toBeNull();
        }

        // The transparency log verifies from its first entry to its last signed checkpoint.
        const { items } = await app.get<{ items: { size: number; headHash: string; record: string }[] }>(
          "/log/checkpoints?page=1&pageSize=1",
        );
        const checkpoint = items[0]!;
        expect((await verifyRecord(checkpoint.record, keys, RECORD_TYPES.checkpoint)).ok).toBe(true);
        const entries: Parameters<typeof verifyLogEntries>[0][number][] = [];
        for (let from = 1; from <= checkpoint.size; from += 1000) {
          const to = Math.min(from + 999, checkpoint.size);
          entries.push(...(await app.get<{ entries: typeof entries }>(`/log/entries?from=${from}&to=${to}`)).entries);
        }
        expect(await verifyLogEntries(entries)).toEqual({
          ok: true,
          headHash: checkpoint.headHash,
          size: checkpoint.size,
        });

        // The firm signs in to the restored app and finds its codes.
        const signedIn = await fetch(`${app.url}/api/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.77" },
          body: JSON.stringify({ email: owner.email, password: owner.password }),
        });
        expect(signedIn.status).toBe(200);
        const { token } = (await signedIn.json()) as { token: string };
        const codes = await app.get<{ items: unknown[] }>("/api/qr-codes?page=1&pageSize=10", token);
        expect(codes.items).toHaveLength(3);
      } finally {
        await app.stop();
      }
    } finally {
      await query(sourceUrl, `DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    }
  });
});
