/** The answer of a change that returns nothing else (sign-out, deletions, password changes). */
export interface MessageResponse {
  message: string;
}

/**
 * The one error shape of the API, whatever the status: a readable `message` (screens show it as
 * the toast's description) and, for validation failures, one "field: problem" line per problem.
 */
export interface ErrorBody {
  message: string;
  errors?: string[];
}
