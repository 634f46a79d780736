import { z } from "zod";
import { paginationQuerySchema } from "./pagination";

/** GET /log/entries answers at most this many entries at once. */
const LOG_ENTRIES_MAX = 1000;

const seqField = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`);

/** GET /log/entries?from=&to=: a range of entries, both ends included. */
export const logEntriesQuerySchema = z
  .object({ from: seqField("from"), to: seqField("to") })
  .refine((range) => range.to >= range.from, { message: "to must not be before from", path: ["to"] })
  .refine((range) => range.to - range.from < LOG_ENTRIES_MAX, {
    message: `Ask for at most ${LOG_ENTRIES_MAX} entries at once`,
    path: ["to"],
  });

export const checkpointListQuerySchema = paginationQuerySchema;

/** An administrator marks a signing key compromised from a time (ISO 8601, not in the future). */
export const keyCompromiseSchema = z.object({
  compromisedAt: z.iso
    .datetime({ offset: true, error: "Give the time as ISO 8601, such as 2026-11-20T10:00:00Z" })
    .refine((value) => new Date(value).getTime() <= Date.now(), "The compromise time cannot be in the future"),
});
export type KeyCompromise = z.infer<typeof keyCompromiseSchema>;
