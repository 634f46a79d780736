import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api-client";

/**
 * Puts the server's validation lines ("url: The webhook URL must start with https://") under the
 * inputs they name, for rules only the server can judge. Returns whether any line was placed.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!(error instanceof ApiRequestError) || !error.errors) return false;
  let placed = false;
  for (const line of error.errors) {
    const separator = line.indexOf(": ");
    const field = fields.find((name) => name === line.slice(0, separator));
    if (separator > 0 && field) {
      setError(field, { message: line.slice(separator + 2) });
      placed = true;
    }
  }
  return placed;
}
