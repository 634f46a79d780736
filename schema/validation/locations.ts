import { z } from "zod";
import { LOCATION_QUERY_MIN } from "../limits/codes";

const LOCATION_QUERY_MAX = 100;

/**
 * Shorter queries are answered with no suggestions rather than an error: the field asks while the
 * user types, and a one-letter keystroke is not a mistake worth a toast.
 */
export const locationSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(LOCATION_QUERY_MAX, `Must be at most ${LOCATION_QUERY_MAX} characters`)
    .default("")
    .transform((q) => (q.length >= LOCATION_QUERY_MIN ? q : "")),
});
