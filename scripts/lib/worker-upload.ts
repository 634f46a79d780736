import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Issue 51's goal for the Worker's upload, gzipped (decisions 068 and 074). */
export const WORKER_UPLOAD_BUDGET_BYTES = 600 * 1024;

export interface UploadedModule {
  /** Its path inside the build's Worker folder. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

function modulesOf(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === ".vite" ? [] : modulesOf(path);
    return /\.(js|mjs|wasm)$/.test(name) ? [path] : [];
  });
}

/** Every module of a built Worker (`<build>/valuseal`) as wrangler uploads it, each gzipped on its own. */
export function workerUpload(workerDir: string): UploadedModule[] {
  return modulesOf(workerDir).map((path) => {
    const bytes = readFileSync(path);
    return { file: path.slice(workerDir.length + 1), bytes: bytes.byteLength, gzipBytes: gzipSync(bytes).byteLength };
  });
}
