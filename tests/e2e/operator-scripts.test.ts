import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { testDatabaseKind } from "../support/test-database";
import { signInViaApi, uniqueEmail } from "./fixtures/accounts";
import { runAdminCreate } from "./fixtures/admins";
import { apiCall } from "./fixtures/http";

describe("npm run admin:create", () => {
  it("creates an administrator who can sign in, and running it again resets the password", async () => {
    const email = uniqueEmail("admin");
    const first = await runAdminCreate(email, "first-password-1");
    expect(first.stdout).toContain(`Administrator ${email} created`);
    expect((await signInViaApi(email, "first-password-1")).user).toMatchObject({ role: "admin", isActive: true });

    const again = await runAdminCreate(email, "second-password-2");
    expect(again.stdout).toContain(`${email} is now an active administrator`);
    await expect(signInViaApi(email, "first-password-1")).rejects.toThrow(/401/);
    expect((await signInViaApi(email, "second-password-2")).user.role).toBe("admin");
  });

  it("promotes an existing user and refuses a short password", async () => {
    const email = uniqueEmail("owner");
    await apiCall("/api/register", {
      body: {
        firstName: "Op",
        lastName: "Erator",
        name: "Op Co",
        email,
        password: "valuation-desk-7741",
        confirmPassword: "valuation-desk-7741",
      },
    });
    await runAdminCreate(email, "promoted-pass-3");
    expect((await signInViaApi(email, "promoted-pass-3")).user.role).toBe("admin");
    await expect(runAdminCreate(uniqueEmail("short"), "short")).rejects.toMatchObject({
      stderr: expect.stringContaining("at least 10 characters"),
    });
  });
});

describe("npm run keys:rotate", () => {
  const rotate = (cwd: string, ...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [resolve("node_modules/tsx/dist/cli.mjs"), resolve("scripts/keys-rotate.ts"), ...args],
      {
        cwd,
      },
    );

  it("prints a new key for a deployment, or replaces the one in .dev.vars and names both", async () => {
    const printed = JSON.parse((await rotate(process.cwd(), "--print")).stdout);
    expect(printed).toEqual({
      kty: "OKP",
      crv: "Ed25519",
      x: expect.any(String),
      d: expect.any(String),
      kid: expect.any(String),
    });

    const folder = mkdtempSync(join(tmpdir(), "valuseal-keys-"));
    try {
      const old = JSON.stringify({ ...printed, kid: "the-previous-key-id" });
      writeFileSync(join(folder, ".dev.vars"), `JWT_SECRET=${"s".repeat(40)}\nSIGNING_KEY='${old}'\n`);
      const { stdout } = await rotate(folder);
      const line = readFileSync(join(folder, ".dev.vars"), "utf8").match(/^SIGNING_KEY='(.*)'$/m);
      const next = JSON.parse(line![1]!);
      expect(next.kid).not.toBe("the-previous-key-id");
      expect(stdout).toContain(
        `New signing key ${next.kid} written to .dev.vars (it replaces the-previous-key-id, which stays published)`,
      );
      expect(readFileSync(join(folder, ".dev.vars"), "utf8")).toContain(`JWT_SECRET=${"s".repeat(40)}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDatabaseKind() === "postgres")("npm run deploy", () => {
  /** Every migration of the repository, oldest first: an empty database has all of them to apply. */
  const journal = (JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] })
    .entries;
  const deploy = (databaseUrl: string) =>
    promisify(execFile)(
      process.execPath,
      [resolve("node_modules/tsx/dist/cli.mjs"), resolve("scripts/deploy.ts"), "--dry-run"],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
    );

  async function onServer(statement: string) {
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  it("refuses while the database has migrations not applied, and checks the build before deploying", async () => {
    const name = `valuseal_unmigrated_${Date.now().toString(36)}`;
    await onServer(`CREATE DATABASE ${name}`);
    try {
      const unmigrated = new URL(inject("databaseUrl"));
      unmigrated.pathname = `/${name}`;
      await expect(deploy(unmigrated.toString())).rejects.toMatchObject({
        stderr: expect.stringMatching(
          new RegExp(
            `Not deploying: .* has ${journal.length} migrations not applied \\(0000_init, .*${journal.at(-1)!.tag}\\)\\. Run \`npm run db:migrate\` against it first`,
          ),
        ),
      });
    } finally {
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }

    // The app's own database has every migration: the build is checked and wrangler stops at its dry run.
    const { stdout } = await deploy(inject("databaseUrl"));
    expect(stdout).toContain("has every migration applied.");
    expect(stdout).toMatch(/Worker upload: \d+ KiB, \d+ KiB gzipped: \d+ % of Workers Paid's 10 MiB/);
    expect(stdout).toContain("--dry-run: exiting now.");
  });
});
