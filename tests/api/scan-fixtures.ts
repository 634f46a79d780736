import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { qrCodes, scanEvents, valuers } from "../../schema/tables";
import { randomToken } from "../../worker/lib/random";
import { type Account, api, ORIGIN, randomIp, withDb } from "../support/api";

export const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
export const WHATSAPP = "WhatsApp/2.24.6.77 A";

type CodeValues = Partial<typeof qrCodes.$inferInsert>;

export async function createValuer(companyId: number, values: Partial<typeof valuers.$inferInsert> = {}) {
  const [valuer] = await withDb((db) =>
    db
      .insert(valuers)
      .values({ companyId, name: "Jane Wanjiku", phone: "+254 700 111 222", qualification: "MRICS", ...values })
      .returning(),
  );
  return valuer!;
}

/**
 * A code inserted directly (the workspace routes are another module's concern), with the same
 * kind of token and address the create route issues.
 */
export async function createCode(account: Account, values: CodeValues = {}) {
  const companyId = account.user.companyId!;
  const valuerId = values.valuerId ?? (await createValuer(companyId)).id;
  const publicToken = randomToken(16);
  const [code] = await withDb((db) =>
    db
      .insert(qrCodes)
      .values({
        publicToken,
        qrCodeData: `${ORIGIN}/v/${publicToken}`,
        userId: account.user.id,
        companyId,
        valuerId,
        propertyAddress: "Plot 7, Riverside Drive, Nairobi",
        propertyReference: "VAL-2025-001",
        propertyType: "Real Estate",
        propertySize: "2450",
        propertySizeUnit: "sqft",
        landSize: "0.5",
        landSizeUnit: "acres",
        marketValue: "45000000",
        currency: "KES",
        valuationDate: new Date("2025-01-15T00:00:00Z"),
        ...values,
      })
      .returning(),
  );
  return code!;
}

/** A phone opening the printed address. */
export const scan = (token: string, options: { ip?: string; userAgent?: string; method?: string } = {}) =>
  api(`/v/${token}`, {
    method: options.method,
    ip: options.ip ?? randomIp(),
    headers: { "User-Agent": options.userAgent ?? IPHONE },
  });

export const verificationCount = async (codeId: number) => {
  const [row] = await withDb((db) =>
    db.select({ count: qrCodes.verificationCount }).from(qrCodes).where(eq(qrCodes.id, codeId)),
  );
  return row!.count;
};

export const scanEventsOf = (codeId: number) =>
  withDb((db) => db.select().from(scanEvents).where(eq(scanEvents.qrCodeId, codeId)));

export const orphanScansFor = (attemptedToken: string) =>
  withDb((db) => db.select().from(scanEvents).where(eq(scanEvents.attemptedToken, attemptedToken)));

/** Requests from another origin than the shared helper's (a local host, or cf properties). */
export function fetchWorker(url: string, init: RequestInit & { cf?: Record<string, unknown> } = {}) {
  return SELF.fetch(url, init as RequestInit);
}
