import { runRecordedJob } from "../operations/job-runs";
import type { Bindings } from "#worker/bindings.ts";
import { readConfig, type Config } from "#worker/config.ts";
import { connectDatabase } from "#worker/db.ts";
import { signerFor } from "#worker/lib/signing.ts";
import type { MpesaCheckMessage } from "#worker/queue-messages.ts";
import { queueEmailsNow } from "../email/email";
import { checkMpesaPrompt, sweepMpesaPrompts, type MpesaPayments } from "./mpesa";

/*
 * The M-Pesa work that runs without a request: the payments queue's consumer (a callback arrived,
 * or a query is due) and the 5-minute sweep. Receipts are signed naming PUBLIC_ORIGIN, which the
 * configuration requires with M-Pesa.
 */

function mpesaSetup(config: Config) {
  const { payments, PUBLIC_ORIGIN } = config;
  if (!payments?.mpesa || !PUBLIC_ORIGIN) return null;
  return {
    payments: { ...payments, mpesa: payments.mpesa } satisfies MpesaPayments,
    origin: PUBLIC_ORIGIN.replace(/\/+$/, ""),
  };
}

/** The payments queue: each message asks Daraja about one prompt; a failure is retried by the queue. */
export async function checkQueuedPrompts(batch: MessageBatch<MpesaCheckMessage>, env: Bindings) {
  const config = readConfig(env);
  const setup = mpesaSetup(config);
  if (!setup) {
    // M-Pesa was switched off since these were queued: nothing can be asked; the sweep resumes if it returns.
    batch.ackAll();
    return;
  }
  const { transactional, close } = connectDatabase(config);
  try {
    const signing = { signer: await signerFor(config.SIGNING_KEY), origin: setup.origin };
    for (const message of batch.messages) {
      try {
        const { emails } = await checkMpesaPrompt(transactional(), setup.payments, signing, message.body.promptId);
        await queueEmailsNow(env, emails);
        message.ack();
      } catch (error) {
        console.error(`M-Pesa check of prompt ${message.body.promptId} failed`, String(error));
        message.retry({ delaySeconds: 30 });
      }
    }
  } finally {
    await close();
  }
}

/** Every 5 minutes: prompts still waiting are asked about again; after 24 hours they need review. */
export async function runMpesaSweep(env: Bindings, now: Date) {
  const config = readConfig(env);
  const setup = mpesaSetup(config);
  if (!setup) return;
  const { db, transactional, close } = connectDatabase(config);
  try {
    const signing = { signer: await signerFor(config.SIGNING_KEY), origin: setup.origin };
    await runRecordedJob(db, "payments", [
      {
        "M-Pesa prompts": async () =>
          queueEmailsNow(env, await sweepMpesaPrompts(transactional(), setup.payments, signing, now)),
      },
    ]);
  } finally {
    await close();
  }
}
