import type { WebhookAttemptTrigger } from "../schema/limits/integration";
import type { DeviceClass } from "../schema/validation/scans";

/**
 * What the Worker's queues carry, and the shapes inside them: the bindings (./bindings.ts) name
 * these, so they sit apart from the services that send and consume them, and the bindings depend
 * on no service.
 */

/** A code as every code event names it: its token (the printed address's random part), never the row id. */
export interface WebhookCode {
  id: string;
  url: string;
  verificationCode: string | null;
  reference: string | null;
  externalReference: string | null;
  address: string;
}

/** What a counted scan reports: the code.scanned event's type and data. */
interface ScanAlert {
  event: "code.scanned";
  code: WebhookCode;
  scan: { at: string; country: string | null; city: string | null; device: DeviceClass };
  verificationCount: number;
}

/**
 * One queue message per counted scan of a company with a code.scanned endpoint or email alerts; the
 * endpoints and recipients are read at delivery time. `codeId` links the email to the code's page.
 */
export interface ScanAlertMessage {
  companyId: number;
  codeId: number;
  alert: ScanAlert;
}

/** The queue message: which delivery to attempt, and whether the owner asked for it from the log. */
export interface WebhookDeliveryMessage {
  deliveryId: number;
  trigger: WebhookAttemptTrigger;
}

/**
 * Ask Daraja how an M-Pesa prompt ended: sent when its callback arrives, and at the query delays
 * after it was sent. Only the status query's answer moves the prompt (decision 060).
 */
export interface MpesaCheckMessage {
  promptId: number;
}

/**
 * A page of companies whose daily digest is due (worker/services/scans/daily-digests.ts): `at` is
 * the hourly run that found them due, the time their claim and their "previous day" are read at.
 */
export interface DigestPageMessage {
  at: string;
  companyIds: number[];
}
