import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabasePassword, ensureDevVars, readDevVars } from "#scripts/lib/dev-vars.ts";
import { startEmbeddedPostgres } from "#scripts/lib/embedded-postgres.ts";
import { writePrivateFile } from "#scripts/lib/private-files.ts";

/**
 * What `npm run dev` keeps on disk (scripts/lib/private-files.ts): .dev.vars with its secrets, the
 * embedded database's folder, the file with the database URL. Files 0600 and folders 0700, new or
 * left loose by an earlier run. The inbox's mail folder is checked in mail-inbox.test.ts.
 */

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every entry under `root` (itself included) whose mode gives group or other any permission. */
function looseEntries(root: string): string[] {
  const loose = mode(root) & 0o077 ? [root] : [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink() && mode(path) & 0o077) loose.push(path);
  }
  return loose;
}

/** Whether the unprivileged `nobody` can read the file (only checkable when the tests run as root). */
const canCheckOtherUser = process.getuid?.() === 0;
async function nobodyCanRead(path: string): Promise<boolean> {
  try {
    await promisify(execFile)("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "cat", path]);
    return true;
  } catch {
    return false;
  }
}

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "valuseal-private-"));
  // As a checkout in a home folder others may enter: only our own modes protect what is inside.
  chmodSync(root, 0o755);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(".dev.vars", () => {
  it("is created 0600 with a random embedded database password beside the other secrets", () => {
    const file = join(root, "fresh.dev.vars");
    ensureDevVars(file, ".dev.vars.example");
    expect(mode(file)).toBe(0o600);
    const vars = readDevVars(file);
    expect(vars.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(vars.WEBHOOK_SECRET_KEY).toHaveLength(44);
    // The signing key as the Worker reads it: an Ed25519 private JWK named by its thumbprint.
    expect(JSON.parse(vars.SIGNING_KEY!)).toEqual({
      kty: "OKP",
      crv: "Ed25519",
      x: expect.stringMatching(/^[\w-]{43}$/),
      d: expect.stringMatching(/^[\w-]{43}$/),
      kid: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(embeddedDatabasePassword(file)).toMatch(/^[0-9a-f]{48}$/);
    // Kept across runs: the password in the data folder's dev-server.json and in .dev.vars agree.
    const before = readFileSync(file, "utf8");
    ensureDevVars(file, ".dev.vars.example");
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("is tightened to 0600 when an earlier run left it readable, and gets the password it lacked", async () => {
    const file = join(root, "older.dev.vars");
    const older = "JWT_SECRET=an-older-secret-that-is-long-enough-123\nWEBHOOK_SECRET_KEY=a2V5\n";
    writeFileSync(file, older, { mode: 0o644 });
    chmodSync(file, 0o644);
    if (canCheckOtherUser) expect(await nobodyCanRead(file)).toBe(true);
    ensureDevVars(file, ".dev.vars.example");
    expect(mode(file)).toBe(0o600);
    if (canCheckOtherUser) expect(await nobodyCanRead(file)).toBe(false);
    const vars = readDevVars(file);
    expect(vars.JWT_SECRET).toBe("an-older-secret-that-is-long-enough-123");
    expect(vars.WEBHOOK_SECRET_KEY).toBe("a2V5");
    expect(vars.EMBEDDED_DATABASE_PASSWORD).toMatch(/^[0-9a-f]{48}$/);
    expect(JSON.parse(vars.SIGNING_KEY!)).toMatchObject({ kty: "OKP", crv: "Ed25519" });
  });
});

describe("the embedded database's folder", () => {
  it("is 0700 with nothing in it readable by others, although PGlite's initdb writes 0666", async () => {
    const dataDir = join(root, "data", "pglite");
    const postgres = await startEmbeddedPostgres({ dataDir });
    try {
      // Written during the run too: new relation files are PostgreSQL's own 0600.
      await postgres.db.exec("create table later_table (x int); insert into later_table values (1)");
    } finally {
      await postgres.close();
    }
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(root, "data"))).toBe(0o700);
    expect(looseEntries(dataDir)).toEqual([]);
    expect(readdirSync(dataDir)).toContain("PG_VERSION");
  });

  it("is tightened at start when an earlier run left it readable", async () => {
    const dataDir = join(root, "loose", "pglite");
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    await (await startEmbeddedPostgres({ dataDir })).close();
    // As an earlier version left it: everything readable by everyone.
    for (const path of [
      dataDir,
      ...readdirSync(dataDir, { recursive: true }).map((name) => join(dataDir, String(name))),
    ]) {
      chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    }
    const control = join(dataDir, "PG_VERSION");
    if (canCheckOtherUser) expect(await nobodyCanRead(control)).toBe(true);

    const postgres = await startEmbeddedPostgres({ dataDir });
    try {
      expect(looseEntries(dataDir)).toEqual([]);
      if (canCheckOtherUser) expect(await nobodyCanRead(control)).toBe(false);
    } finally {
      await postgres.close();
    }
  });
});

describe("writePrivateFile (the dev server's database URL)", () => {
  it("writes 0600, also over a file that was readable", () => {
    const file = join(root, "dev-server.json");
    writeFileSync(file, "{}", { mode: 0o644 });
    writePrivateFile(file, JSON.stringify({ databaseUrl: "postgres://postgres:secret@127.0.0.1:1/postgres" }));
    expect(mode(file)).toBe(0o600);
    const fresh = join(root, "new.json");
    writePrivateFile(fresh, "{}");
    expect(mode(fresh)).toBe(0o600);
  });
});
