import type { Context } from "hono";
import type { AppEnv } from "../env";
import { signerFor, type RecordSigning } from "../lib/signing";
import { alertAdministrators } from "../services/companies/administrator-alerts";
import { publicOrigin } from "./public-origin";

/**
 * The request's signing: the configured key, the public origin its codes carry, the
 * administrators told (after the answer) of stored data that disagrees with what was signed, and
 * the evidence bucket, where the log's older records are archived.
 */
export async function recordSigning(c: Context<AppEnv>): Promise<RecordSigning> {
  return {
    signer: await signerFor(c.var.config.SIGNING_KEY),
    origin: publicOrigin(c),
    reportDisagreement: (disagreement) =>
      c.executionCtx.waitUntil(
        alertAdministrators(c.env, c.var.db, disagreement).catch((error: unknown) =>
          console.error("administrators could not be alerted", error),
        ),
      ),
    archive: c.env.EVIDENCE,
  };
}
