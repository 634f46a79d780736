import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api-client";

/**
 * Puts the server's answers about a field ("email: An account with this email already exists",
 * "currentPassword: Current password is incorrect") under the inputs they name, and moves focus to
 * the first of them; the field's message is announced (Field renders it with role="alert").
 * Returns true only when every line found its field: anything left over still needs a toast.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!(error instanceof ApiRequestError) || !error.errors?.length) return false;
  let placedAll = true;
  let first = true;
  for (const line of error.errors) {
    const separator = line.indexOf(": ");
    const field = fields.find((name) => name === line.slice(0, separator));
    if (separator > 0 && field) {
      setError(field, { type: "server", message: line.slice(separator + 2) }, { shouldFocus: first });
      first = false;
    } else {
      placedAll = false;
    }
  }
  return placedAll;
}
