import { z } from "zod";

/**
 * The request header that makes a create safe to send again: the same key with the same request
 * gets the first answer back instead of a second resource. Clients choose a fresh UUID per new
 * request; the header is optional, so clients that never send it keep working.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Request headers as the server reads them (lowercased names); other headers are ignored. */
export const idempotencyHeadersSchema = z.object({
  "idempotency-key": z.uuid("Must be a UUID, e.g. 3b241101-e2bb-4255-8caf-4136c566a962").optional(),
});
