import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Local development keeps secrets (.dev.vars, the database URL with its password), the accounts and
 * sessions of the embedded database and every email the app sent (MailDev's folder) on disk. Other
 * users of the machine must not read them: files are 0600 and folders 0700, as PostgreSQL itself
 * keeps its data directory. See docs/decisions/025-private-local-development.md.
 */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIRECTORY_MODE = 0o700;
/** Group and other get nothing on what this process creates. */
const PRIVATE_UMASK = 0o077;

/**
 * Every file and folder this process (and the processes it starts) creates from now on is readable
 * by its owner only, whoever writes it: MailDev writes each email with Node's default mode (0666
 * before the umask), which nothing else could change. Returns the previous umask.
 */
export function usePrivateUmask(): number {
  return process.umask(PRIVATE_UMASK);
}

/** Creates the folder (and missing parents) as 0700, and makes an existing one 0700. */
export function makePrivateDirectory(path: string) {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  chmodSync(path, PRIVATE_DIRECTORY_MODE);
}

/** Takes group and other permissions off one file or folder (symbolic links are left alone). */
export function tightenMode(path: string) {
  const stats = lstatSync(path);
  if (stats.isSymbolicLink()) return;
  const mode = stats.mode & 0o7777;
  if (mode & PRIVATE_UMASK) chmodSync(path, mode & ~PRIVATE_UMASK);
}

/**
 * Takes group and other permissions off a folder and everything in it: what an earlier run (or a
 * library that sets modes itself, as PGlite's initdb does with 0666) left readable.
 */
export function tightenTree(path: string) {
  tightenMode(path);
  if (!lstatSync(path).isDirectory()) return;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) tightenTree(child);
    else tightenMode(child);
  }
}

/** Writes a file only its owner may read, also when it existed before with a looser mode. */
export function writePrivateFile(path: string, content: string) {
  writeFileSync(path, content, { mode: PRIVATE_FILE_MODE });
  chmodSync(path, PRIVATE_FILE_MODE);
}
