import { and, eq } from "drizzle-orm";
import { qrCodes } from "../../schema/tables";
import type { Database } from "../db";
import { notFound } from "./errors";
import { parseId } from "./validation";

export const CODE_NOT_FOUND = "QR code not found";

type Reader = Pick<Database, "select">;

/**
 * A code of the given company, from a path id, or 404: a code of another company looks exactly
 * like a missing one. `lock` holds the row for the rest of a transaction (status changes).
 */
export async function findCompanyCode(db: Reader, companyId: number, rawId: string, options: { lock?: boolean } = {}) {
  const id = parseId(rawId, CODE_NOT_FOUND);
  const query = db
    .select({ id: qrCodes.id, userId: qrCodes.userId, revokedAt: qrCodes.revokedAt })
    .from(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.companyId, companyId)))
    .limit(1);
  const [code] = options.lock ? await query.for("update") : await query;
  if (!code) throw notFound(CODE_NOT_FOUND);
  return code;
}
