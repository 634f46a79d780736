import { build, type Rollup } from "vite";
import { Miniflare } from "miniflare";
import { newSigningKey } from "../scripts/lib/signing-keys";
import type { Account } from "./accounts";
import { newCodeBody } from "./database-path";
import { ownWorkerd } from "./built-server";
import { expectJson } from "./http";
import { cpuMs } from "./measure";

/**
 * What signing adds to issuing a code, in workerd's own CPU time (bench/signing-worker.ts run by
 * Miniflare): a batch of certificate records signed, against the same records built and
 * serialised unsigned, in the same workerd. The issue request itself is measured on the real
 * server (bench/database-path.ts) for scale.
 */
/** Records per batch: an issued code's record signs in tens of microseconds, and CPU time is read in 10 ms ticks. */
export const SIGNED_RECORDS = 20_000;
export const SEALED_RECORDS = 2_000;
/** Codes issued through POST /api/qr-codes for the request's own workerd CPU. */
export const ISSUES = 300;
/** A sealed record's size: the benchmark's 40-page report (bench/sealing.ts). */
export const SEALED_PAGES = 40;

export interface SigningCost {
  /** workerd CPU per record, ms: built and serialised only. */
  unsignedMs: number;
  /** workerd CPU per record, ms: built and signed (an issued code's record). */
  signedMs: number;
  /** The same for a sealed report's record of SEALED_PAGES pages (Merkle root included). */
  sealedUnsignedMs: number;
  sealedSignedMs: number;
  recordBytes: number;
  sealedRecordBytes: number;
}

export async function benchSigning(): Promise<SigningCost> {
  const result = (await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: false,
      target: "es2022",
      rollupOptions: {
        input: new URL("./signing-worker.ts", import.meta.url).pathname,
        // An application build drops the entry's exports; the Worker is its default export.
        preserveEntrySignatures: "exports-only",
        output: { format: "es", codeSplitting: false },
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .find((output): output is Rollup.OutputChunk => output.type === "chunk" && output.isEntry);
  if (!chunk) throw new Error("The signing benchmark's Worker did not build");
  const miniflare = new Miniflare({
    modules: true,
    script: chunk.code,
    compatibilityDate: "2026-04-20",
    // No request.cf object is fetched from Cloudflare: the benchmark runs offline.
    cf: false,
    bindings: { SIGNING_KEY: newSigningKey() },
  });
  try {
    await miniflare.ready;
    const pids = ownWorkerd();
    if (pids.length === 0) throw new Error("Miniflare started no workerd process under this one");
    const perRecord = async (path: "/sign" | "/unsigned", pages: number) => {
      const count = pages ? SEALED_RECORDS : SIGNED_RECORDS;
      // A warm-up batch: the key import and the first compilation are not per-record costs.
      await miniflare.dispatchFetch(`http://bench${path}?n=50&pages=${pages}`);
      const before = cpuMs(pids);
      const answer = await miniflare.dispatchFetch(`http://bench${path}?n=${count}&pages=${pages}`);
      const { bytes } = (await answer.json()) as { bytes: number };
      return { ms: (cpuMs(pids) - before) / count, bytes: bytes / count };
    };
    const unsigned = await perRecord("/unsigned", 0);
    const signed = await perRecord("/sign", 0);
    const sealedUnsigned = await perRecord("/unsigned", SEALED_PAGES);
    const sealedSigned = await perRecord("/sign", SEALED_PAGES);
    return {
      unsignedMs: unsigned.ms,
      signedMs: signed.ms,
      sealedUnsignedMs: sealedUnsigned.ms,
      sealedSignedMs: sealedSigned.ms,
      recordBytes: signed.bytes,
      sealedRecordBytes: sealedSigned.bytes,
    };
  } finally {
    await miniflare.dispose();
  }
}

/**
 * workerd's CPU per code issued through POST /api/qr-codes on a running server (validation, the
 * transaction's statements through the driver, the record signed and logged, the QR drawn), over
 * ISSUES codes one after another: the scale the signature's cost is read against.
 */
export async function workerCpuPerIssue(origin: string, pids: number[], account: Account): Promise<number> {
  const valuer = await expectJson<{ id: number }>(201, origin, "/api/valuers", {
    token: account.token,
    body: { name: "Jane Wanjiku Mwangi", phone: "+254712345678", qualification: "MRICS, Registered Valuer" },
  });
  const issue = () => expectJson(201, origin, "/api/qr-codes", { token: account.token, body: newCodeBody(valuer.id) });
  for (let warm = 0; warm < 10; warm += 1) await issue();
  const before = cpuMs(pids);
  for (let index = 0; index < ISSUES; index += 1) await issue();
  return (cpuMs(pids) - before) / ISSUES;
}
