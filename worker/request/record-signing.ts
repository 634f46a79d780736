import type { Context } from "hono";
import type { AppEnv } from "../env";
import { signerFor, type RecordSigning } from "../lib/signing";
import { publicOrigin } from "./public-origin";

/** The request's signing: the configured key and the public origin its codes carry. */
export async function recordSigning(c: Context<AppEnv>): Promise<RecordSigning> {
  return { signer: await signerFor(c.var.config.SIGNING_KEY), origin: publicOrigin(c) };
}
