import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { ApiError, validationError } from "./errors";

/** zValidator that answers with the API's one error shape instead of the library's default. */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });

/** Path ids are positive integers; anything else cannot name a row, so it is simply not found. */
export function parseId(raw: string, what = "Not found"): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new ApiError(404, what);
  return Number(raw);
}
