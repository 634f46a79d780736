import { z } from "zod";
import type { errorBodySchema } from "../api-v1";

/** The answer of a change that returns nothing else (sign-out, deletions, password changes). */
export const messageAnswer = z.strictObject({ message: z.string() });

/**
 * The one error shape of the API, whatever the status: a readable `message` (screens show it as
 * the toast's description) and, for validation failures, one "field: problem" line per problem.
 * Defined once as a schema, which the integration API's document publishes.
 */
export type ErrorBody = z.infer<typeof errorBodySchema>;
